"""Device and toolchain queries (TVM's `tvm.testing.env`). tvmscript builds IR and
neither generates code nor runs kernels: every query answers False (or None), so
tests guarded by them are skipped as TVM skips them on a machine without them."""

__all__ = [
    "build_flag_enabled", "cuda_arch", "has_adreno_opencl", "has_cpu_feature", "has_cublas", "has_cuda",
    "has_cuda_arch", "has_cuda_compute", "has_cudagraph", "has_cudnn", "has_gpu", "has_hexagon",
    "has_hexagon_toolchain", "has_hipblas", "has_llvm", "has_llvm_min_version", "has_matrixcore", "has_metal",
    "has_multi_gpu", "has_nccl", "has_nvcc_version", "has_nvptx", "has_nvshmem", "has_opencl", "has_rocm",
    "has_vulkan", "has_x86_avx512", "has_x86_vnni",
]


def _no(*args, **kwargs):
    return False


def build_flag_enabled(flag: str) -> bool:
    """Whether TVM was built with ``flag``: no code generator is built into tvmscript."""
    return False


def cuda_arch(device_id: int = 0):
    """The CUDA architecture of a device: None, no device is present."""
    return None


for _name in __all__:
    if _name.startswith("has_"):
        globals()[_name] = _no
del _name
