"""Hexagon intrinsics: HVX `vrmpy`/`vdmpy` dot products and DMA loads.

The names are registered; the PrimFuncs of these families are not built yet
(`TensorIntrin.get` raises NotImplementedError for them)."""

from ._unavailable import register_unavailable

_NAMES = {
    "VRMPY_u8u8i32_INTRIN": "dot_32x4_u8u8i32_vrmpy",
    "VRMPY_u8i8i32_INTRIN": "dot_32x4_u8i8i32_vrmpy",
    "VDMPY_i16i16i32_INTRIN": "dot_product_32x2_i16i16i32_vdmpy",
    "VRMPY_u8u8i32_VTCM_INTRIN": "dot_32x4_u8u8i32_vtcm_vrmpy",
    "VRMPY_u8i8i32_VTCM_INTRIN": "dot_32x4_u8i8i32_vtcm_vrmpy",
    "DMA_READ_128_u8": "dma_read_128_u8",
    "DMA_READ_128_i8": "dma_read_128_i8",
}

_OTHER_NAMES = [
]

globals().update(_NAMES)
for _name in list(_NAMES.values()) + _OTHER_NAMES:
    register_unavailable(_name)
