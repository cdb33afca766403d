# -*- Python -*-
# lit configuration of SegIR's gtest unit tests (build/unittests/*Tests).

import os

import lit.formats

config.name = "SegIR-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.segir_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
