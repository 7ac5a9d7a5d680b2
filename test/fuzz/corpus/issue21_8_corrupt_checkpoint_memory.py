# issue 21, item 8: a checkpoint with one byte of its sys_info record changed raised a MemoryError
# with no message; docs/serialization.md promises RuntimeError, or the safe loader's
# UnpicklingError when the changed byte makes the pickle ask for a call it refuses (as it does
# since the safe loader calls only harmless callables).
# (Found in the tar format save wrote then; the same byte of the sys_info pickle in the
# single-stream format save writes now.)
# expect: not MemoryError
import io

import torch_early

buffer = io.BytesIO(); torch_early.save(torch_early.FloatTensor(3).fill_(1), buffer)
data = bytearray(buffer.getvalue()); data[28] = 1
torch_early.load(io.BytesIO(bytes(data)))
