"""Functions over THNN that need glue beyond one kernel call: pooling.py (MaxPool2d with its
indices, AvgPool2d, MaxUnpool2d) and batchnorm.py (BatchNorm with its running statistics)."""
