# SPDX-License-Identifier: MIT
# cmake -DPROGRAM=path [-DEXPECTED=file] -P run_and_compare.cmake
# Runs PROGRAM; fails when it exits non-zero, or, given EXPECTED, when its
# standard output differs from that file byte for byte.
if(NOT PROGRAM)
  message(FATAL_ERROR "run_and_compare: PROGRAM not set")
endif()
execute_process(COMMAND ${PROGRAM}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(err)
  message("${err}")
endif()
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "${PROGRAM} exited with ${rc}; stdout:\n${out}")
endif()
if(EXPECTED)
  file(READ ${EXPECTED} want)
  if(NOT out STREQUAL want)
    message(FATAL_ERROR "${PROGRAM}: output differs from ${EXPECTED}\n"
      "got:      [${out}]\nexpected: [${want}]")
  endif()
  message(STATUS "output matches ${EXPECTED}")
endif()
