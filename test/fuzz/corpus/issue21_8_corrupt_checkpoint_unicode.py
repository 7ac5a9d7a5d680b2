# issue 21, item 8: a checkpoint with one byte of its sys_info record changed raised
# UnicodeDecodeError; docs/serialization.md promises RuntimeError.
# (Found in the tar format save wrote then; the same byte of the sys_info pickle in the
# single-stream format save writes now.)
# expect: RuntimeError
import io

import torch_early

buffer = io.BytesIO(); torch_early.save(torch_early.FloatTensor(3).fill_(1), buffer)
data = bytearray(buffer.getvalue()); data[28] = 0
torch_early.load(io.BytesIO(bytes(data)))
