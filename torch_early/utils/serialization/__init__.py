"""torch_early.utils.serialization: reading the files of Lua Torch (torch.save's .t7) into
torch_early objects with load_lua."""
from .read_lua_file import load_lua, T7Reader, T7ReaderException, TorchObject

__all__ = ['load_lua', 'T7Reader', 'T7ReaderException', 'TorchObject']
