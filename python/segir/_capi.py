"""ctypes declarations of the C API in libSegIRCAPI.so (MLIR's and SegIR's)."""

import ctypes
import os

LIBRARY_NAME = "libSegIRCAPI.so"


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    @staticmethod
    def of(text):
        data = text.encode() if isinstance(text, str) else bytes(text)
        ref = StringRef(ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p),
                        len(data))
        ref._keep = data  # the bytes must outlive the call
        return ref

    def bytes(self):
        return ctypes.string_at(self.data, self.length) if self.length else b""


def _handle(name):
    return type(name, (ctypes.Structure,), {"_fields_": [("ptr", ctypes.c_void_p)]})


Context = _handle("MlirContext")
Module = _handle("MlirModule")
Operation = _handle("MlirOperation")
Block = _handle("MlirBlock")
Attribute = _handle("MlirAttribute")
SymbolTable = _handle("MlirSymbolTable")
ExecutionEngine = _handle("MlirExecutionEngine")


class LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


StringCallback = ctypes.CFUNCTYPE(None, StringRef, ctypes.c_void_p)


class Collector:
    """A MlirStringCallback that keeps every piece of text passed to it."""

    def __init__(self):
        self.pieces = []
        self.callback = StringCallback(
            lambda ref, _: self.pieces.append(ref.bytes()))

    def text(self):
        return b"".join(self.pieces).decode(errors="replace")


def _library_dirs():
    """Where to look for libSegIRCAPI.so, most specific first."""
    dirs = []
    if os.environ.get("SEGIR_LIBRARY_DIR"):
        dirs.append(os.environ["SEGIR_LIBRARY_DIR"])
    try:  # written by the build or by `cmake --install`
        from . import _config
        dirs.append(_config.LIBRARY_DIR)
    except ImportError:
        pass
    return dirs


def library_dir():
    """The directory libSegIRCAPI.so was loaded from (None: the loader's path)."""
    for d in _library_dirs():
        if os.path.exists(os.path.join(d, LIBRARY_NAME)):
            return os.path.abspath(d)
    return None


def _load():
    d = library_dir()
    path = os.path.join(d, LIBRARY_NAME) if d else LIBRARY_NAME
    try:
        lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
    except OSError as error:
        raise ImportError(
            f"cannot load {LIBRARY_NAME} ({error}); build SegIR and set "
            "SEGIR_LIBRARY_DIR to the directory holding it (build/lib)") from None
    signatures = {
        "segirContextCreate": (Context, []),
        "mlirContextDestroy": (None, [Context]),
        "segirRegisterAllPasses": (None, []),
        "segirParseModule": (Module, [Context, StringRef, StringRef,
                                      StringCallback, ctypes.c_void_p]),
        "segirRunPipeline": (LogicalResult, [Operation, StringRef, StringRef,
                                             StringCallback, ctypes.c_void_p]),
        "segirGetTunables": (None, [Operation, StringCallback, ctypes.c_void_p]),
        "segirGetGPUObjects": (ctypes.c_ssize_t,
                               [Operation, StringCallback, ctypes.c_void_p]),
        "segirDescribeFunction": (LogicalResult, [Operation, StringRef,
                                                  StringCallback, ctypes.c_void_p]),
        "mlirModuleDestroy": (None, [Module]),
        "mlirModuleGetOperation": (Operation, [Module]),
        "mlirModuleFromOperation": (Module, [Operation]),
        "mlirOperationClone": (Operation, [Operation]),
        "mlirOperationDestroy": (None, [Operation]),
        "mlirOperationRemoveFromParent": (None, [Operation]),
        "mlirModuleGetBody": (Block, [Module]),
        "mlirBlockAppendOwnedOperation": (None, [Block, Operation]),
        "mlirOperationGetContext": (Context, [Operation]),
        "mlirOperationPrint": (None, [Operation, StringCallback, ctypes.c_void_p]),
        "mlirOperationSetDiscardableAttributeByName": (
            None, [Operation, StringRef, Attribute]),
        "mlirUnitAttrGet": (Attribute, [Context]),
        "mlirSymbolTableCreate": (SymbolTable, [Operation]),
        "mlirSymbolTableLookup": (Operation, [SymbolTable, StringRef]),
        "mlirSymbolTableDestroy": (None, [SymbolTable]),
        "mlirExecutionEngineCreate": (
            ExecutionEngine, [Module, ctypes.c_int, ctypes.c_int,
                              ctypes.POINTER(StringRef), ctypes.c_bool,
                              ctypes.c_bool]),
        "mlirExecutionEngineDestroy": (None, [ExecutionEngine]),
        "mlirExecutionEngineLookupPacked": (ctypes.c_void_p,
                                            [ExecutionEngine, StringRef]),
        "mlirExecutionEngineInvokePacked": (
            LogicalResult, [ExecutionEngine, StringRef,
                            ctypes.POINTER(ctypes.c_void_p)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    lib.segirRegisterAllPasses()
    return lib


lib = _load()
