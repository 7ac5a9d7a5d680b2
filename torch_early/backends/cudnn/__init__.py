"""torch_early.backends.cudnn: the switch for NVIDIA's cuDNN convolution library.

`enabled` and `benchmark` are the flags 2017 programs set (`torch.backends.cudnn.benchmark =
True`); they are kept so that such programs run. This build has no CUDA, so no tensor is ever
acceptable to cuDNN and the library is never loaded.
"""
enabled = True      # use cuDNN where it can run (nowhere, in this build)
benchmark = False   # let cuDNN time its algorithms and pick the fastest
verbose = False

lib = None          # the loaded cuDNN library: none without CUDA


def version():
    """The version of the loaded cuDNN library, or None when there is none."""
    return None


def is_acceptable(tensor):
    """Whether cuDNN can work on `tensor`: only CUDA float tensors with cuDNN enabled, so never
    in a build without CUDA."""
    return False
