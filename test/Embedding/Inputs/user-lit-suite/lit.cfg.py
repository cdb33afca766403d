# A user's test suite against an installed SegIR: what docs/Embedding.md shows.
import lit.formats
import segir_lit

config.name = "user-suite"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".mlir"]
segir_lit.configure(config)
