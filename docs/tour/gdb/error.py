# Part VII: two TH errors, caught in gdb where TH raises them (docs/tour/7-debugging.md).
import torch_early as torch

for attempt in (lambda: torch.FloatTensor(3).add(torch.FloatTensor(4)),   # THArgCheck
                lambda: torch.FloatTensor().resize_(2 ** 40, 2 ** 40)):  # THError
    try:
        attempt()
    except RuntimeError as error:
        print("RuntimeError:", error, flush=True)
