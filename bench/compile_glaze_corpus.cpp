/* SPDX-License-Identifier: MIT */
// compile_glaze_corpus.cpp — the twitter + citm_catalog + canada models for
// glaze, the C++23 comparison for the compile cost of jb_corpus_desc.c
// (bench/compile_cost.py compiles it; it is not linked). The models are the
// bench's own (glaze_models.h, which also declares the seed and partial
// models: declarations only, nothing of glaze is instantiated for them);
// both directions of the three are instantiated, with the options the bench
// uses.
#include "glaze_models.h"

bool enc_twitter(const gz::twitter &v, std::string &out) { return !glz::write<gz::full_opts>(v, out); }
bool dec_twitter(gz::twitter &v, std::string &in) { return !glz::read<gz::full_opts>(v, in); }
bool enc_citm(const gz::citm_catalog &v, std::string &out) { return !glz::write<gz::full_opts>(v, out); }
bool dec_citm(gz::citm_catalog &v, std::string &in) { return !glz::read<gz::full_opts>(v, in); }
bool enc_canada(const gz::canada &v, std::string &out) { return !glz::write<gz::full_opts>(v, out); }
bool dec_canada(gz::canada &v, std::string &in) { return !glz::read<gz::full_opts>(v, in); }
