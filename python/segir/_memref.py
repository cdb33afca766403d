"""NumPy arrays as MLIR memref descriptors, and scalars, for packed calls."""

import ctypes

import numpy as np

# The foreign-call spelling of segirDescribeFunction -> (NumPy, ctypes).
SCALARS = {
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


def memref_argument(array, elt, shape, position):
    """The descriptor of `array`, which the callee reads and writes in place."""
    dtype = SCALARS[elt][0]
    if not isinstance(array, np.ndarray):
        raise TypeError(f"argument {position}: expected a NumPy array for "
                        f"memref of {elt}, got {type(array).__name__}")
    if array.dtype != dtype:
        raise TypeError(f"argument {position}: expected dtype "
                        f"{np.dtype(dtype).name} for memref of {elt}, got "
                        f"{array.dtype.name}")
    if array.ndim != len(shape):
        raise ValueError(f"argument {position}: expected rank {len(shape)}, "
                         f"got an array of shape {array.shape}")
    for dim, (want, have) in enumerate(zip(shape, array.shape)):
        if want != -1 and want != have:
            raise ValueError(f"argument {position}: dimension {dim} must be "
                             f"{want}, the array has {have}")
    # The memref type has the identity layout: the callee assumes row-major
    # contiguous data, and a copy would lose what it writes.
    if not array.flags.c_contiguous or not array.flags.writeable:
        raise ValueError(f"argument {position}: the array must be C-contiguous "
                         "and writeable (use np.ascontiguousarray)")
    desc = descriptor_type(array.ndim)()
    desc.allocated = desc.aligned = array.ctypes.data
    desc.offset = 0
    for dim in range(array.ndim):
        desc.sizes[dim] = array.shape[dim]
        desc.strides[dim] = array.strides[dim] // array.itemsize
    return desc


def scalar_argument(value, elt, position):
    ctype = SCALARS[elt][1]
    if elt.startswith("f"):
        if not isinstance(value, (int, float, np.floating, np.integer)):
            raise TypeError(f"argument {position}: expected a number for {elt}")
        return ctype(float(value))
    if not isinstance(value, (int, bool, np.integer, np.bool_)):
        raise TypeError(f"argument {position}: expected an integer for {elt}, "
                        f"got {type(value).__name__}")
    return ctype(int(value))
