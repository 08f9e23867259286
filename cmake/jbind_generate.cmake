# SPDX-License-Identifier: MIT
# jbind_generate(): specialized codecs for a target's hot types, generated at
# build time from the same descriptors (docs/codegen.md).
#
#   jbind_generate(TARGET app
#                  TYPES twitter_type citm_type       # extern descriptors
#                  SOURCES models.c                   # where they are defined
#                  [NAME app_codecs]                  # C prefix and file name
#                  [MAIN my_generator.c]              # instead of TYPES: your own main
#                  [LIBRARIES ...]                    # what SOURCES need to link
#                  [JBIND jbind::static])             # the jbind library to link
#
# It builds a small generator program from SOURCES and a main that lists
# TYPES (or MAIN, which calls jb_codegen_main itself: for descriptors that
# are static, see docs/codegen.md), runs it to write ${NAME}.c in the
# binary directory, and adds that file to TARGET. The file is rewritten
# only when its text changes. Its codecs attach themselves before main
# (GCC, Clang, MSVC) when every root is given by symbol; otherwise the
# program calls ${NAME}_attach_roots(). Cross-compiling, the generator
# runs under CMAKE_CROSSCOMPILING_EMULATOR like any custom command target.
function(jbind_generate)
  cmake_parse_arguments(JG "" "TARGET;NAME;MAIN;JBIND" "TYPES;SOURCES;LIBRARIES" ${ARGN})
  if(NOT JG_TARGET)
    message(FATAL_ERROR "jbind_generate: TARGET is required")
  endif()
  if(NOT JG_TYPES AND NOT JG_MAIN)
    message(FATAL_ERROR "jbind_generate: give TYPES (extern descriptors) or MAIN")
  endif()
  if(NOT JG_NAME)
    set(JG_NAME ${JG_TARGET}_codecs)
  endif()
  string(MAKE_C_IDENTIFIER "${JG_NAME}" JG_NAME)
  if(NOT JG_JBIND)
    if(TARGET jbind_static)
      set(JG_JBIND jbind_static)
    elseif(TARGET jbind::static)
      set(JG_JBIND jbind::static)
    else()
      message(FATAL_ERROR "jbind_generate: no jbind library target (find_package(jbind) first)")
    endif()
  endif()
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/jbind_generate)
  file(MAKE_DIRECTORY ${dir})
  if(JG_MAIN)
    set(main ${JG_MAIN})
  else()
    set(decls "")
    set(roots "")
    foreach(t IN LISTS JG_TYPES)
      string(APPEND decls "extern const jb_type ${t};\n")
      string(APPEND roots "        {&${t}, \"${t}\"},\n")
    endforeach()
    set(main ${dir}/${JG_NAME}_main.c)
    file(CONFIGURE OUTPUT ${main} CONTENT
"/* written by jbind_generate(): the generator program of ${JG_NAME}.c */
#include <jbind.h>
${decls}
int main(int argc, char **argv) {
    static const jb_codegen_root roots[] = {
${roots}    };
    return jb_codegen_main(argc, argv, roots, sizeof roots / sizeof roots[0]);
}
" @ONLY)
  endif()
  add_executable(${JG_NAME}_generator ${main} ${JG_SOURCES})
  target_link_libraries(${JG_NAME}_generator PRIVATE ${JG_JBIND} ${JG_LIBRARIES})
  set(out ${dir}/${JG_NAME}.c)
  add_custom_command(OUTPUT ${out}
    COMMAND ${JG_NAME}_generator ${out} ${JG_NAME}
    DEPENDS ${JG_NAME}_generator
    COMMENT "jbind: generating ${JG_NAME}.c"
    VERBATIM)
  target_sources(${JG_TARGET} PRIVATE ${out})
endfunction()
