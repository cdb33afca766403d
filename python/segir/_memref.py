"""NumPy arrays as MLIR memref descriptors, and scalars, for packed calls."""

import ctypes

import numpy as np

try:  # bf16 arrays as ml_dtypes.bfloat16, where it is installed
    import ml_dtypes
    BFLOAT16 = np.dtype(ml_dtypes.bfloat16)
except ImportError:
    BFLOAT16 = None

# The foreign-call spelling of segirDescribeFunction -> (NumPy, ctypes).
# f16 and bf16 scalars travel as their 16-bit patterns.
SCALARS = {
    "f16": (np.float16, ctypes.c_uint16),
    "bf16": (np.uint16, ctypes.c_uint16),
    "f32": (np.float32, ctypes.c_float),
    "f64": (np.float64, ctypes.c_double),
    "i1": (np.bool_, ctypes.c_bool),
    "i8": (np.int8, ctypes.c_int8),
    "i16": (np.int16, ctypes.c_int16),
    "i32": (np.int32, ctypes.c_int32),
    "i64": (np.int64, ctypes.c_int64),
    "index": (np.int64, ctypes.c_int64),
}

_descriptors = {}


def descriptor_type(rank):
    """struct { T *allocated, *aligned; int64 offset, sizes[rank], strides[rank]; }"""
    if rank not in _descriptors:
        fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
                  ("offset", ctypes.c_int64)]
        if rank:
            fields += [("sizes", ctypes.c_int64 * rank),
                       ("strides", ctypes.c_int64 * rank)]
        _descriptors[rank] = type(f"MemRefDescriptor{rank}",
                                  (ctypes.Structure,), {"_fields_": fields})
    return _descriptors[rank]


def parse_type(spelled):
    """"memref:f32:-1x4" -> ("memref", "f32", [-1, 4]); "f32" -> ("scalar", "f32", None)."""
    if spelled.startswith("memref:"):
        _, elt, shape = spelled.split(":")
        return "memref", elt, [int(d) for d in shape.split("x")] if shape else []
    return "scalar", spelled, None


def _accepted_dtypes(elt):
    """The NumPy dtypes an array for a memref of `elt` may have: bf16 takes
    ml_dtypes.bfloat16 or np.uint16 holding the bit patterns."""
    if elt == "bf16":
        return [d for d in (BFLOAT16, np.dtype(np.uint16)) if d is not None]
    return [np.dtype(SCALARS[elt][0])]


def check_array(array, elt, shape, position):
    """Checks `array` against the memref type memref<shape x elt>: type,
    dtype, rank, static sizes, layout (C-contiguous, aligned, writeable),
    before anything runs."""
    dtypes = _accepted_dtypes(elt)
    if not isinstance(array, np.ndarray):
        raise TypeError(f"argument {position}: expected a NumPy array for "
                        f"memref of {elt}, got {type(array).__name__}")
    if array.dtype not in dtypes:
        names = " or ".join(str(d) if d != BFLOAT16 else "bfloat16"
                            for d in dtypes)
        raise TypeError(f"argument {position}: expected dtype {names} for "
                        f"memref of {elt}, got {array.dtype.name}")
    if array.ndim != len(shape):
        raise ValueError(f"argument {position}: expected rank {len(shape)}, "
                         f"got an array of shape {array.shape}")
    for dim, (want, have) in enumerate(zip(shape, array.shape)):
        if want != -1 and want != have:
            raise ValueError(f"argument {position}: dimension {dim} must be "
                             f"{want}, the array has {have}")
    # The memref type has the identity layout: the callee assumes row-major
    # contiguous data, and a copy would lose what it writes.
    if (not array.flags.c_contiguous or not array.flags.writeable or
            not array.flags.aligned):
        raise ValueError(f"argument {position}: the array must be C-contiguous, "
                         "aligned and writeable (use np.ascontiguousarray)")


def memref_argument(array, elt, shape, position):
    """The descriptor of `array`, which the callee reads and writes in place."""
    check_array(array, elt, shape, position)
    desc = descriptor_type(array.ndim)()
    desc.allocated = desc.aligned = array.ctypes.data
    desc.offset = 0
    for dim in range(array.ndim):
        desc.sizes[dim] = array.shape[dim]
        desc.strides[dim] = array.strides[dim] // array.itemsize
    return desc


def _bf16_bits(value):
    """The bf16 nearest to `value` (ties to even), as its 16-bit pattern."""
    bits = int(np.array(value, dtype=np.float32).view(np.uint32))
    if (bits & 0x7F800000) == 0x7F800000 and bits & 0x7FFFFF:
        return (bits >> 16) | 0x40  # a quiet NaN stays a NaN
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF


def result_value(raw, elt):
    """A scalar result as Python sees it (f16/bf16 come back as bits)."""
    if elt == "f16":
        return float(np.array(raw, dtype=np.uint16).view(np.float16))
    if elt == "bf16":
        return float(np.array(raw << 16, dtype=np.uint32).view(np.float32))
    return raw


def scalar_argument(value, elt, position):
    ctype = SCALARS[elt][1]
    if elt.startswith("f") or elt == "bf16":
        if not isinstance(value, (int, float, np.floating, np.integer)):
            raise TypeError(f"argument {position}: expected a number for {elt}")
        if elt == "f16":
            return ctype(int(np.array(value, dtype=np.float16).view(np.uint16)))
        if elt == "bf16":
            return ctype(_bf16_bits(value))
        return ctype(float(value))
    if not isinstance(value, (int, bool, np.integer, np.bool_)):
        raise TypeError(f"argument {position}: expected an integer for {elt}, "
                        f"got {type(value).__name__}")
    return ctype(int(value))
