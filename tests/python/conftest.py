"""pytest configuration for the Python package's tests."""

import numpy as np


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "cupy: needs CuPy and a CUDA device (skipped otherwise)")


def pytest_report_header(config):
    import scipy

    import batchla
    return (f"batchla {batchla.__version__} ({batchla.__file__}), CUDA "
            f"drivers: {batchla.has_cuda()}, threads: "
            f"{batchla.get_num_threads()}; numpy {np.__version__}, scipy "
            f"{scipy.__version__}")
