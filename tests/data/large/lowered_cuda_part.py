# from typing import TypeVar
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

batch = TypeVar("batch")
seq_len = TypeVar("seq_len")
batch_size = TypeVar("batch_size")
@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def fused_matmul10_add3(reshape133: T.Buffer((T.int64(1), T.int64(1), T.int64(2048)), "float16"), permute_dims518: T.Buffer((T.int64(2048), T.int64(2048)), "float16"), reshape131: T.Buffer((T.int64(1), T.int64(1), T.int64(2048)), "float16"), T_add_intermediate: T.Buffer((T.int64(1), T.int64(1), T.int64(2048)), "float16")):
        T.func_attr({"target": T.target({"arch": "sm_50", "host": {"keys": ["cpu"], "kind": "llvm", "mtriple": "x86_64-conda-linux-gnu", "tag": ""}, "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.is_scheduled": True, "tirx.noalias": True})
        reshape133_1 = T.decl_buffer((2048,), "float16", data=reshape133.data)
        permute_dims518_1 = T.decl_buffer((4194304,), "float16", data=permute_dims518.data)
        reshape131_1 = T.decl_buffer((2048,), "float16", data=reshape131.data)
        T_add_intermediate_1 = T.decl_buffer((2048,), "float16", data=T_add_intermediate.data)
        with T.launch_thread("blockIdx.x", 128) as blockIdx_x:
            matmul_intermediate_rf_local = T.alloc_local((1,), "float16")
            cross_thread_matmul_intermediate_local = T.alloc_local((1,), "float16")
            with T.launch_thread("threadIdx.y", 16) as threadIdx_y:
                threadIdx_x = T.launch_thread("threadIdx.x", 16)
                cross_thread_matmul_intermediate_local_1 = T.decl_buffer((1,), "float16", data=cross_thread_matmul_intermediate_local.data, scope="local")
                matmul_intermediate_rf_local[0] = T.float16(0.0)
                cse_v1: T.let[T.int32] = blockIdx_x * 16
                for ax1_fused_0 in range(128):
                    matmul_intermediate_rf_local[0] = matmul_intermediate_rf_local[0] + reshape133_1[ax1_fused_0 * 16 + threadIdx_y] * permute_dims518_1[ax1_fused_0 * 32768 + threadIdx_y * 2048 + cse_v1 + threadIdx_x]
                with T.attr(T.comm_reducer(lambda x0, y0: x0 + y0, [T.float16(0.0)]), "reduce_scope", 0):
                    T.tvm_thread_allreduce(T.uint32(1), matmul_intermediate_rf_local[0], T.bool(True), cross_thread_matmul_intermediate_local[0], threadIdx_y)
                cross_thread_matmul_intermediate_local_1[0] = cross_thread_matmul_intermediate_local[0]
                if threadIdx_y == 0:
                    cse_v2: T.let[T.int32] = cse_v1 + threadIdx_x
                    T_add_intermediate_1[cse_v2] = reshape131_1[cse_v2] + cross_thread_matmul_intermediate_local_1[0]

    @T.prim_func(s_tir=True)
    def fused_matmul12_add3(mul64: T.Buffer((T.int64(1), T.int64(1), T.int64(5504)), "float16"), permute_dims520: T.Buffer((T.int64(5504), T.int64(2048)), "float16"), add193: T.Buffer((T.int64(1), T.int64(1), T.int64(2048)), "float16"), T_add_intermediate: T.Buffer((T.int64(1), T.int64(1), T.int64(2048)), "float16")):
        T.func_attr({"target": T.target({"arch": "sm_50", "host": {"keys": ["cpu"], "kind": "llvm", "mtriple": "x86_64-conda-linux-gnu", "tag": ""}, "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.is_scheduled": True, "tirx.noalias": True})
        mul64_1 = T.decl_buffer((5504,), "float16", data=mul64.data)
        permute_dims520_1 = T.decl_buffer((11272192,), "float16", data=permute_dims520.data)
        add193_1 = T.decl_buffer((2048,), "float16", data=add193.data)
        T_add_intermediate_1 = T.decl_buffer((2048,), "float16", data=T_add_intermediate.data)
        with T.launch_thread("blockIdx.x", 128) as blockIdx_x:
            matmul_intermediate_rf_local = T.alloc_local((1,), "float16")
            cross_thread_matmul_intermediate_local = T.alloc_local((1,), "float16")
            with T.launch_thread("threadIdx.y", 16) as threadIdx_y:
                threadIdx_x = T.launch_thread("threadIdx.x", 16)
                cross_thread_matmul_intermediate_local_1 = T.decl_buffer((1,), "float16", data=cross_thread_matmul_intermediate_local.data, scope="local")
                matmul_intermediate_rf_local[0] = T.float16(0.0)
                cse_v1: T.let[T.int32] = blockIdx_x * 16
                for ax1_fused_0 in range(344):
                    matmul_intermediate_rf_local[0] = matmul_intermediate_rf_local[0] + mul64_1[ax1_fused_0 * 16 + threadIdx_y] * permute_dims520_1[ax1_fused_0 * 32768 + threadIdx_y * 2048 + cse_v1 + threadIdx_x]
                with T.attr(T.comm_reducer(lambda x0, y0: x0 + y0, [T.float16(0.0)]), "reduce_scope", 0):
                    T.tvm_thread_allreduce(T.uint32(1), matmul_intermediate_rf_local[0], T.bool(True), cross_thread_matmul_intermediate_local[0], threadIdx_y)
                cross_thread_matmul_intermediate_local_1[0] = cross_thread_matmul_intermediate_local[0]
                if threadIdx_y == 0:
                    cse_v2: T.let[T.int32] = cse_v1 + threadIdx_x
                    T_add_intermediate_1[cse_v2] = add193_1[cse_v2] + cross_thread_matmul_intermediate_local_1[0]

    @T.prim_func(s_tir=True)
    def fused_matmul13_cast5(rms_norm257: T.Buffer((T.int64(1), T.int64(1), T.int64(2048)), "float16"), permute_dims1025: T.Buffer((T.int64(2048), T.int64(32000)), "float16"), compute_intermediate: T.Buffer((T.int64(1), T.int64(1), T.int64(32000)), "float32")):
        T.func_attr({"target": T.target({"arch": "sm_50", "host": {"keys": ["cpu"], "kind": "llvm", "mtriple": "x86_64-conda-linux-gnu", "tag": ""}, "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.is_scheduled": True, "tirx.noalias": True})
        rms_norm257_1 = T.decl_buffer((2048,), "float16", data=rms_norm257.data)
        permute_dims1025_1 = T.decl_buffer((65536000,), "float16", data=permute_dims1025.data)
        compute_intermediate_1 = T.decl_buffer((32000,), data=compute_intermediate.data)
        with T.launch_thread("blockIdx.x", 2000) as blockIdx_x:
            matmul_intermediate_rf_local = T.alloc_local((1,), "float16")
            cross_thread_matmul_intermediate_local = T.alloc_local((1,), "float16")
            with T.launch_thread("threadIdx.y", 16) as threadIdx_y:
                threadIdx_x = T.launch_thread("threadIdx.x", 16)
                cross_thread_matmul_intermediate_local_1 = T.decl_buffer((1,), "float16", data=cross_thread_matmul_intermediate_local.data, scope="local")
                matmul_intermediate_rf_local[0] = T.float16(0.0)
                cse_v1: T.let[T.int32] = blockIdx_x * 16
                for ax1_fused_0 in range(128):
                    matmul_intermediate_rf_local[0] = matmul_intermediate_rf_local[0] + rms_norm257_1[ax1_fused_0 * 16 + threadIdx_y] * permute_dims1025_1[ax1_fused_0 * 512000 + threadIdx_y * 32000 + cse_v1 + threadIdx_x]
                with T.attr(T.comm_reducer(lambda x0, y0: x0 + y0, [T.float16(0.0)]), "reduce_scope", 0):
                    T.tvm_thread_allreduce(T.uint32(1), matmul_intermediate_rf_local[0], T.bool(True), cross_thread_matmul_intermediate_local[0], threadIdx_y)
                cross_thread_matmul_intermediate_local_1[0] = cross_thread_matmul_intermediate_local[0]
                if threadIdx_y == 0:
                    compute_intermediate_1[cse_v1 + threadIdx_x] = T.Cast("float32", cross_thread_matmul_intermediate_local_1[0])

    @T.prim_func(s_tir=True)
    def fused_matmul15_divide2_add4_cast6(permute_dims1: T.Buffer((batch, T.int64(16), seq_len, T.int64(128)), "float16"), permute_dims2: T.Buffer((batch, T.int64(16), T.int64(128), seq_len), "float16"), mask: T.Buffer((batch, T.int64(1), seq_len, seq_len), "float16"), compute_intermediate: T.Buffer((batch, T.int64(16), seq_len, seq_len), "float32")):
        T.func_attr({"target": T.target({"arch": "sm_50", "host": {"keys": ["cpu"], "kind": "llvm", "mtriple": "x86_64-conda-linux-gnu", "tag": ""}, "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.is_scheduled": True, "tirx.noalias": True})
        cse_v1: T.let[T.int64] = batch * seq_len
        permute_dims1_1 = T.decl_buffer((cse_v1 * T.int64(16) * T.int64(128),), "float16", data=permute_dims1.data, elem_offset=0)
        permute_dims2_1 = T.decl_buffer((cse_v1 * T.int64(2048),), "float16", data=permute_dims2.data, elem_offset=0)
        cse_v9: T.let[T.int64] = cse_v1 * seq_len
        mask_1 = T.decl_buffer((cse_v9,), "float16", data=mask.data, elem_offset=0)
        compute_intermediate_1 = T.decl_buffer((cse_v9 * T.int64(16),), data=compute_intermediate.data, elem_offset=0)
        cse_v10: T.let[T.int64] = (seq_len + T.int64(63)) // T.int64(64)
        with T.launch_thread("blockIdx.y", batch * cse_v10 * T.int64(16)) as blockIdx_y:
            matmul_intermediate_reindex_pad_local = T.alloc_local((16,), "float16")
            permute_dims1_reindex_pad_shared = T.alloc_shared((576,), "float16")
            permute_dims2_reindex_pad_shared = T.alloc_shared((1152,), "float16")
            with T.launch_thread("blockIdx.x", (seq_len + T.int64(31)) // T.int64(32)) as blockIdx_x:
                threadIdx_y = T.launch_thread("threadIdx.y", T.int64(16))
                threadIdx_x = T.launch_thread("threadIdx.x", T.int64(8))
                for var in range(T.int64(1)):
                    matmul_intermediate_reindex_pad_local[0:2] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[2:4] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[4:6] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[6:8] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[8:10] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[10:12] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[12:14] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[14:16] = T.Broadcast(T.float16(0.0), 2)
                    cse_v3: T.let[T.int64] = blockIdx_x * T.int64(32)
                    cse_v108: T.let[T.int64] = blockIdx_y // cse_v10
                    cse_v114: T.let[T.int64] = cse_v108 * seq_len
                    cse_v121: T.let[T.int64] = blockIdx_y % cse_v10 * T.int64(64) + threadIdx_y * T.int64(4)
                    for ax3_0 in range(T.int64(8)):
                        cse_v2: T.let[T.int64] = batch * T.int64(16)
                        cse_v4: T.let[T.int64] = threadIdx_x // T.int64(4)
                        cse_v5: T.let[T.int64] = ax3_0 * T.int64(16)
                        cse_v11: T.let[T.int64] = threadIdx_x % T.int64(4) * T.int64(4)
                        cse_v109: T.let[T.int64] = cse_v3 + threadIdx_y * T.int64(2) + cse_v4
                        cse_v115: T.let[T.int64] = threadIdx_y * T.int64(36) + cse_v4 * T.int64(18) + cse_v11
                        cse_v133: T.let[T.int64] = blockIdx_x * T.int64(4096) + threadIdx_y * T.int64(256) + cse_v4 * T.int64(128) + cse_v114 * T.int64(128) + cse_v5 + cse_v11
                        if cse_v108 < cse_v2:
                            permute_dims1_reindex_pad_shared[cse_v115:cse_v115 + T.int64(2)] = T.if_then_else(cse_v109 < seq_len, permute_dims1_1[T.Ramp(cse_v133, T.int64(1), 2)], T.Broadcast(T.float16(0.0), 2))
                        if cse_v108 < cse_v2:
                            permute_dims1_reindex_pad_shared[cse_v115 + T.int64(2):cse_v115 + T.int64(2) + T.int64(2)] = T.if_then_else(cse_v109 < seq_len, permute_dims1_1[T.Ramp(cse_v133 + T.int64(2), T.int64(1), 2)], T.Broadcast(T.float16(0.0), 2))
                        cse_v6: T.let[T.int64] = threadIdx_x // T.int64(2)
                        cse_v7: T.let[T.int64] = threadIdx_y * T.int64(72)
                        cse_v12: T.let[T.int64] = threadIdx_x % T.int64(2) * T.int64(8)
                        cse_v116: T.let[T.int64] = cse_v7 + cse_v6 * T.int64(18) + cse_v12
                        cse_v122: T.let[T.int64] = cse_v121 + cse_v6
                        cse_v123: T.let[T.int64] = cse_v108 * T.int64(128) + cse_v5 + cse_v12
                        if cse_v108 < cse_v2:
                            permute_dims2_reindex_pad_shared[cse_v116:cse_v116 + T.int64(2)] = T.if_then_else(cse_v122 < seq_len, permute_dims2_1[T.Ramp(cse_v122 + cse_v123 * seq_len, seq_len, 2)], T.Broadcast(T.float16(0.0), 2))
                        if cse_v108 < cse_v2:
                            permute_dims2_reindex_pad_shared[cse_v116 + T.int64(2):cse_v116 + T.int64(2) + T.int64(2)] = T.if_then_else(cse_v122 < seq_len, permute_dims2_1[T.Ramp(cse_v122 + (cse_v123 + T.int64(2)) * seq_len, seq_len, 2)], T.Broadcast(T.float16(0.0), 2))
                        if cse_v108 < cse_v2:
                            permute_dims2_reindex_pad_shared[cse_v116 + T.int64(4):cse_v116 + T.int64(4) + T.int64(2)] = T.if_then_else(cse_v122 < seq_len, permute_dims2_1[T.Ramp(cse_v122 + (cse_v123 + T.int64(4)) * seq_len, seq_len, 2)], T.Broadcast(T.float16(0.0), 2))
                        if cse_v108 < cse_v2:
                            permute_dims2_reindex_pad_shared[cse_v116 + T.int64(6):cse_v116 + T.int64(6) + T.int64(2)] = T.if_then_else(cse_v122 < seq_len, permute_dims2_1[T.Ramp(cse_v122 + (cse_v123 + T.int64(6)) * seq_len, seq_len, 2)], T.Broadcast(T.float16(0.0), 2))
                        cse_v8: T.let[T.int64] = threadIdx_x * T.int64(72)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v8], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v7, T.int64(18), 2)]
                        cse_v13: T.let[T.int64] = cse_v7 + T.int64(36)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v8], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v13, T.int64(18), 2)]
                        cse_v14: T.let[T.int64] = cse_v8 + T.int64(18)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v14], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v7, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v14], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v13, T.int64(18), 2)]
                        cse_v15: T.let[T.int64] = cse_v8 + T.int64(36)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v15], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v7, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v15], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v13, T.int64(18), 2)]
                        cse_v16: T.let[T.int64] = cse_v8 + T.int64(54)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v16], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v7, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v16], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v13, T.int64(18), 2)]
                        cse_v17: T.let[T.int64] = cse_v8 + T.int64(1)
                        cse_v18: T.let[T.int64] = cse_v7 + T.int64(1)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v17], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v18, T.int64(18), 2)]
                        cse_v19: T.let[T.int64] = cse_v7 + T.int64(37)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v17], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v19, T.int64(18), 2)]
                        cse_v20: T.let[T.int64] = cse_v8 + T.int64(19)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v20], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v18, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v20], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v19, T.int64(18), 2)]
                        cse_v21: T.let[T.int64] = cse_v8 + T.int64(37)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v21], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v18, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v21], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v19, T.int64(18), 2)]
                        cse_v22: T.let[T.int64] = cse_v8 + T.int64(55)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v22], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v18, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v22], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v19, T.int64(18), 2)]
                        cse_v23: T.let[T.int64] = cse_v8 + T.int64(2)
                        cse_v24: T.let[T.int64] = cse_v7 + T.int64(2)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v23], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v24, T.int64(18), 2)]
                        cse_v25: T.let[T.int64] = cse_v7 + T.int64(38)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v23], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v25, T.int64(18), 2)]
                        cse_v26: T.let[T.int64] = cse_v8 + T.int64(20)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v26], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v24, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v26], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v25, T.int64(18), 2)]
                        cse_v27: T.let[T.int64] = cse_v8 + T.int64(38)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v27], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v24, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v27], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v25, T.int64(18), 2)]
                        cse_v28: T.let[T.int64] = cse_v8 + T.int64(56)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v28], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v24, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v28], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v25, T.int64(18), 2)]
                        cse_v29: T.let[T.int64] = cse_v8 + T.int64(3)
                        cse_v30: T.let[T.int64] = cse_v7 + T.int64(3)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v29], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v30, T.int64(18), 2)]
                        cse_v31: T.let[T.int64] = cse_v7 + T.int64(39)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v29], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v31, T.int64(18), 2)]
                        cse_v32: T.let[T.int64] = cse_v8 + T.int64(21)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v32], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v30, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v32], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v31, T.int64(18), 2)]
                        cse_v33: T.let[T.int64] = cse_v8 + T.int64(39)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v33], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v30, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v33], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v31, T.int64(18), 2)]
                        cse_v34: T.let[T.int64] = cse_v8 + T.int64(57)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v34], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v30, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v34], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v31, T.int64(18), 2)]
                        cse_v35: T.let[T.int64] = cse_v8 + T.int64(4)
                        cse_v36: T.let[T.int64] = cse_v7 + T.int64(4)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v35], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v36, T.int64(18), 2)]
                        cse_v37: T.let[T.int64] = cse_v7 + T.int64(40)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v35], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v37, T.int64(18), 2)]
                        cse_v38: T.let[T.int64] = cse_v8 + T.int64(22)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v38], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v36, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v38], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v37, T.int64(18), 2)]
                        cse_v39: T.let[T.int64] = cse_v8 + T.int64(40)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v39], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v36, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v39], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v37, T.int64(18), 2)]
                        cse_v40: T.let[T.int64] = cse_v8 + T.int64(58)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v40], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v36, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v40], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v37, T.int64(18), 2)]
                        cse_v41: T.let[T.int64] = cse_v8 + T.int64(5)
                        cse_v42: T.let[T.int64] = cse_v7 + T.int64(5)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v41], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v42, T.int64(18), 2)]
                        cse_v43: T.let[T.int64] = cse_v7 + T.int64(41)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v41], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v43, T.int64(18), 2)]
                        cse_v44: T.let[T.int64] = cse_v8 + T.int64(23)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v44], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v42, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v44], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v43, T.int64(18), 2)]
                        cse_v45: T.let[T.int64] = cse_v8 + T.int64(41)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v45], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v42, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v45], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v43, T.int64(18), 2)]
                        cse_v46: T.let[T.int64] = cse_v8 + T.int64(59)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v46], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v42, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v46], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v43, T.int64(18), 2)]
                        cse_v47: T.let[T.int64] = cse_v8 + T.int64(6)
                        cse_v48: T.let[T.int64] = cse_v7 + T.int64(6)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v47], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v48, T.int64(18), 2)]
                        cse_v49: T.let[T.int64] = cse_v7 + T.int64(42)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v47], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v49, T.int64(18), 2)]
                        cse_v50: T.let[T.int64] = cse_v8 + T.int64(24)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v50], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v48, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v50], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v49, T.int64(18), 2)]
                        cse_v51: T.let[T.int64] = cse_v8 + T.int64(42)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v51], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v48, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v51], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v49, T.int64(18), 2)]
                        cse_v52: T.let[T.int64] = cse_v8 + T.int64(60)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v52], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v48, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v52], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v49, T.int64(18), 2)]
                        cse_v53: T.let[T.int64] = cse_v8 + T.int64(7)
                        cse_v54: T.let[T.int64] = cse_v7 + T.int64(7)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v53], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v54, T.int64(18), 2)]
                        cse_v55: T.let[T.int64] = cse_v7 + T.int64(43)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v53], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v55, T.int64(18), 2)]
                        cse_v56: T.let[T.int64] = cse_v8 + T.int64(25)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v56], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v54, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v56], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v55, T.int64(18), 2)]
                        cse_v57: T.let[T.int64] = cse_v8 + T.int64(43)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v57], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v54, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v57], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v55, T.int64(18), 2)]
                        cse_v58: T.let[T.int64] = cse_v8 + T.int64(61)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v58], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v54, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v58], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v55, T.int64(18), 2)]
                        cse_v59: T.let[T.int64] = cse_v8 + T.int64(8)
                        cse_v60: T.let[T.int64] = cse_v7 + T.int64(8)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v59], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v60, T.int64(18), 2)]
                        cse_v61: T.let[T.int64] = cse_v7 + T.int64(44)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v59], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v61, T.int64(18), 2)]
                        cse_v62: T.let[T.int64] = cse_v8 + T.int64(26)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v62], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v60, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v62], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v61, T.int64(18), 2)]
                        cse_v63: T.let[T.int64] = cse_v8 + T.int64(44)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v63], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v60, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v63], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v61, T.int64(18), 2)]
                        cse_v64: T.let[T.int64] = cse_v8 + T.int64(62)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v64], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v60, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v64], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v61, T.int64(18), 2)]
                        cse_v65: T.let[T.int64] = cse_v8 + T.int64(9)
                        cse_v66: T.let[T.int64] = cse_v7 + T.int64(9)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v65], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v66, T.int64(18), 2)]
                        cse_v67: T.let[T.int64] = cse_v7 + T.int64(45)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v65], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v67, T.int64(18), 2)]
                        cse_v68: T.let[T.int64] = cse_v8 + T.int64(27)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v68], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v66, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v68], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v67, T.int64(18), 2)]
                        cse_v69: T.let[T.int64] = cse_v8 + T.int64(45)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v69], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v66, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v69], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v67, T.int64(18), 2)]
                        cse_v70: T.let[T.int64] = cse_v8 + T.int64(63)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v70], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v66, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v70], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v67, T.int64(18), 2)]
                        cse_v71: T.let[T.int64] = cse_v8 + T.int64(10)
                        cse_v72: T.let[T.int64] = cse_v7 + T.int64(10)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v71], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v72, T.int64(18), 2)]
                        cse_v73: T.let[T.int64] = cse_v7 + T.int64(46)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v71], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v73, T.int64(18), 2)]
                        cse_v74: T.let[T.int64] = cse_v8 + T.int64(28)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v74], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v72, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v74], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v73, T.int64(18), 2)]
                        cse_v75: T.let[T.int64] = cse_v8 + T.int64(46)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v75], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v72, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v75], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v73, T.int64(18), 2)]
                        cse_v76: T.let[T.int64] = cse_v8 + T.int64(64)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v76], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v72, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v76], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v73, T.int64(18), 2)]
                        cse_v77: T.let[T.int64] = cse_v8 + T.int64(11)
                        cse_v78: T.let[T.int64] = cse_v7 + T.int64(11)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v77], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v78, T.int64(18), 2)]
                        cse_v79: T.let[T.int64] = cse_v7 + T.int64(47)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v77], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v79, T.int64(18), 2)]
                        cse_v80: T.let[T.int64] = cse_v8 + T.int64(29)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v80], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v78, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v80], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v79, T.int64(18), 2)]
                        cse_v81: T.let[T.int64] = cse_v8 + T.int64(47)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v81], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v78, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v81], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v79, T.int64(18), 2)]
                        cse_v82: T.let[T.int64] = cse_v8 + T.int64(65)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v82], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v78, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v82], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v79, T.int64(18), 2)]
                        cse_v83: T.let[T.int64] = cse_v8 + T.int64(12)
                        cse_v84: T.let[T.int64] = cse_v7 + T.int64(12)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v83], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v84, T.int64(18), 2)]
                        cse_v85: T.let[T.int64] = cse_v7 + T.int64(48)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v83], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v85, T.int64(18), 2)]
                        cse_v86: T.let[T.int64] = cse_v8 + T.int64(30)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v86], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v84, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v86], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v85, T.int64(18), 2)]
                        cse_v87: T.let[T.int64] = cse_v8 + T.int64(48)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v87], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v84, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v87], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v85, T.int64(18), 2)]
                        cse_v88: T.let[T.int64] = cse_v8 + T.int64(66)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v88], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v84, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v88], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v85, T.int64(18), 2)]
                        cse_v89: T.let[T.int64] = cse_v8 + T.int64(13)
                        cse_v90: T.let[T.int64] = cse_v7 + T.int64(13)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v89], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v90, T.int64(18), 2)]
                        cse_v91: T.let[T.int64] = cse_v7 + T.int64(49)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v89], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v91, T.int64(18), 2)]
                        cse_v92: T.let[T.int64] = cse_v8 + T.int64(31)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v92], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v90, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v92], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v91, T.int64(18), 2)]
                        cse_v93: T.let[T.int64] = cse_v8 + T.int64(49)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v93], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v90, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v93], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v91, T.int64(18), 2)]
                        cse_v94: T.let[T.int64] = cse_v8 + T.int64(67)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v94], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v90, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v94], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v91, T.int64(18), 2)]
                        cse_v95: T.let[T.int64] = cse_v8 + T.int64(14)
                        cse_v96: T.let[T.int64] = cse_v7 + T.int64(14)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v95], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v96, T.int64(18), 2)]
                        cse_v97: T.let[T.int64] = cse_v7 + T.int64(50)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v95], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v97, T.int64(18), 2)]
                        cse_v98: T.let[T.int64] = cse_v8 + T.int64(32)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v98], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v96, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v98], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v97, T.int64(18), 2)]
                        cse_v99: T.let[T.int64] = cse_v8 + T.int64(50)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v99], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v96, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v99], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v97, T.int64(18), 2)]
                        cse_v100: T.let[T.int64] = cse_v8 + T.int64(68)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v100], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v96, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v100], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v97, T.int64(18), 2)]
                        cse_v101: T.let[T.int64] = cse_v8 + T.int64(15)
                        cse_v102: T.let[T.int64] = cse_v7 + T.int64(15)
                        matmul_intermediate_reindex_pad_local[0:2] = matmul_intermediate_reindex_pad_local[T.Ramp(0, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v101], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v102, T.int64(18), 2)]
                        cse_v103: T.let[T.int64] = cse_v7 + T.int64(51)
                        matmul_intermediate_reindex_pad_local[2:4] = matmul_intermediate_reindex_pad_local[T.Ramp(2, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v101], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v103, T.int64(18), 2)]
                        cse_v104: T.let[T.int64] = cse_v8 + T.int64(33)
                        matmul_intermediate_reindex_pad_local[4:6] = matmul_intermediate_reindex_pad_local[T.Ramp(4, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v104], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v102, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[6:8] = matmul_intermediate_reindex_pad_local[T.Ramp(6, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v104], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v103, T.int64(18), 2)]
                        cse_v105: T.let[T.int64] = cse_v8 + T.int64(51)
                        matmul_intermediate_reindex_pad_local[8:10] = matmul_intermediate_reindex_pad_local[T.Ramp(8, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v105], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v102, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[10:12] = matmul_intermediate_reindex_pad_local[T.Ramp(10, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v105], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v103, T.int64(18), 2)]
                        cse_v106: T.let[T.int64] = cse_v8 + T.int64(69)
                        matmul_intermediate_reindex_pad_local[12:14] = matmul_intermediate_reindex_pad_local[T.Ramp(12, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v106], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v102, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[14:16] = matmul_intermediate_reindex_pad_local[T.Ramp(14, 1, 2)] + T.Broadcast(permute_dims1_reindex_pad_shared[cse_v106], 2) * permute_dims2_reindex_pad_shared[T.Ramp(cse_v103, T.int64(18), 2)]
                    cse_v107: T.let[T.int64] = cse_v3 + threadIdx_x * T.int64(4)
                    cse_v110: T.let[T.int64] = cse_v107 * seq_len
                    cse_v117: T.let[T.int64] = cse_v108 // T.int64(16)
                    cse_v124: T.let[T.int64] = cse_v121 + cse_v114 * seq_len
                    cse_v128: T.let[T.int64] = cse_v121 + blockIdx_y // (cse_v10 * T.int64(16)) * seq_len * seq_len
                    cse_v129: T.let[T.int64] = cse_v124 + cse_v110
                    cse_v134: T.let[T.int64] = cse_v128 + cse_v110
                    if cse_v117 < batch and cse_v107 < seq_len and cse_v121 < seq_len:
                        compute_intermediate_1[cse_v129] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(0)] / T.float16(11.3125) + mask_1[cse_v134])
                    cse_v125: T.let[T.int64] = cse_v121 + T.int64(1)
                    if cse_v117 < batch and cse_v107 < seq_len and cse_v125 < seq_len:
                        compute_intermediate_1[cse_v129 + T.int64(1)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(1)] / T.float16(11.3125) + mask_1[cse_v134 + T.int64(1)])
                    cse_v126: T.let[T.int64] = cse_v121 + T.int64(2)
                    if cse_v117 < batch and cse_v107 < seq_len and cse_v126 < seq_len:
                        compute_intermediate_1[cse_v129 + T.int64(2)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(2)] / T.float16(11.3125) + mask_1[cse_v134 + T.int64(2)])
                    cse_v127: T.let[T.int64] = cse_v121 + T.int64(3)
                    if cse_v117 < batch and cse_v107 < seq_len and cse_v127 < seq_len:
                        compute_intermediate_1[cse_v129 + T.int64(3)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(3)] / T.float16(11.3125) + mask_1[cse_v134 + T.int64(3)])
                    cse_v111: T.let[T.int64] = cse_v107 + T.int64(1)
                    cse_v118: T.let[T.int64] = cse_v111 * seq_len
                    cse_v130: T.let[T.int64] = cse_v124 + cse_v118
                    cse_v135: T.let[T.int64] = cse_v128 + cse_v118
                    if cse_v117 < batch and cse_v111 < seq_len and cse_v121 < seq_len:
                        compute_intermediate_1[cse_v130] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(4)] / T.float16(11.3125) + mask_1[cse_v135])
                    if cse_v117 < batch and cse_v111 < seq_len and cse_v125 < seq_len:
                        compute_intermediate_1[cse_v130 + T.int64(1)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(5)] / T.float16(11.3125) + mask_1[cse_v135 + T.int64(1)])
                    if cse_v117 < batch and cse_v111 < seq_len and cse_v126 < seq_len:
                        compute_intermediate_1[cse_v130 + T.int64(2)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(6)] / T.float16(11.3125) + mask_1[cse_v135 + T.int64(2)])
                    if cse_v117 < batch and cse_v111 < seq_len and cse_v127 < seq_len:
                        compute_intermediate_1[cse_v130 + T.int64(3)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(7)] / T.float16(11.3125) + mask_1[cse_v135 + T.int64(3)])
                    cse_v112: T.let[T.int64] = cse_v107 + T.int64(2)
                    cse_v119: T.let[T.int64] = cse_v112 * seq_len
                    cse_v131: T.let[T.int64] = cse_v124 + cse_v119
                    cse_v136: T.let[T.int64] = cse_v128 + cse_v119
                    if cse_v117 < batch and cse_v112 < seq_len and cse_v121 < seq_len:
                        compute_intermediate_1[cse_v131] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(8)] / T.float16(11.3125) + mask_1[cse_v136])
                    if cse_v117 < batch and cse_v112 < seq_len and cse_v125 < seq_len:
                        compute_intermediate_1[cse_v131 + T.int64(1)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(9)] / T.float16(11.3125) + mask_1[cse_v136 + T.int64(1)])
                    if cse_v117 < batch and cse_v112 < seq_len and cse_v126 < seq_len:
                        compute_intermediate_1[cse_v131 + T.int64(2)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(10)] / T.float16(11.3125) + mask_1[cse_v136 + T.int64(2)])
                    if cse_v117 < batch and cse_v112 < seq_len and cse_v127 < seq_len:
                        compute_intermediate_1[cse_v131 + T.int64(3)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(11)] / T.float16(11.3125) + mask_1[cse_v136 + T.int64(3)])
                    cse_v113: T.let[T.int64] = cse_v107 + T.int64(3)
                    cse_v120: T.let[T.int64] = cse_v113 * seq_len
                    cse_v132: T.let[T.int64] = cse_v124 + cse_v120
                    cse_v137: T.let[T.int64] = cse_v128 + cse_v120
                    if cse_v117 < batch and cse_v113 < seq_len and cse_v121 < seq_len:
                        compute_intermediate_1[cse_v132] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(12)] / T.float16(11.3125) + mask_1[cse_v137])
                    if cse_v117 < batch and cse_v113 < seq_len and cse_v125 < seq_len:
                        compute_intermediate_1[cse_v132 + T.int64(1)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(13)] / T.float16(11.3125) + mask_1[cse_v137 + T.int64(1)])
                    if cse_v117 < batch and cse_v113 < seq_len and cse_v126 < seq_len:
                        compute_intermediate_1[cse_v132 + T.int64(2)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(14)] / T.float16(11.3125) + mask_1[cse_v137 + T.int64(2)])
                    if cse_v117 < batch and cse_v113 < seq_len and cse_v127 < seq_len:
                        compute_intermediate_1[cse_v132 + T.int64(3)] = T.Cast("float32", matmul_intermediate_reindex_pad_local[T.int64(15)] / T.float16(11.3125) + mask_1[cse_v137 + T.int64(3)])

    @T.prim_func(s_tir=True)
    def fused_matmul17_add5(reshape3: T.Buffer((batch, seq_len, T.int64(2048)), "float16"), permute_dims5: T.Buffer((T.int64(2048), T.int64(2048)), "float16"), reshape1: T.Buffer((batch, seq_len, T.int64(2048)), "float16"), T_add_intermediate: T.Buffer((batch, seq_len, T.int64(2048)), "float16")):
        T.func_attr({"target": T.target({"arch": "sm_50", "host": {"keys": ["cpu"], "kind": "llvm", "mtriple": "x86_64-conda-linux-gnu", "tag": ""}, "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.is_scheduled": True, "tirx.noalias": True})
        cse_v1: T.let[T.int64] = batch * seq_len
        cse_v11: T.let[T.int64] = cse_v1 * T.int64(2048)
        reshape3_1 = T.decl_buffer((cse_v11,), "float16", data=reshape3.data, elem_offset=0)
        permute_dims5_1 = T.decl_buffer((4194304,), "float16", data=permute_dims5.data)
        reshape1_1 = T.decl_buffer((cse_v11,), "float16", data=reshape1.data, elem_offset=0)
        T_add_intermediate_1 = T.decl_buffer((cse_v11,), "float16", data=T_add_intermediate.data, elem_offset=0)
        with T.launch_thread("blockIdx.y", T.int64(32)) as blockIdx_y:
            matmul_intermediate_reindex_pad_local = T.alloc_local((8,), "float16x2")
            reshape3_reindex_pad_shared = T.alloc_shared((576,), "float16")
            permute_dims5_reindex_shared = T.alloc_shared((1152,), "float16")
            with T.launch_thread("blockIdx.x", (cse_v1 + T.int64(31)) // T.int64(32)) as blockIdx_x:
                threadIdx_y = T.launch_thread("threadIdx.y", T.int64(16))
                threadIdx_x = T.launch_thread("threadIdx.x", T.int64(8))
                for var in range(T.int64(1)):
                    matmul_intermediate_reindex_pad_local[0] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[1] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[2] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[3] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[4] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[5] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[6] = T.Broadcast(T.float16(0.0), 2)
                    matmul_intermediate_reindex_pad_local[7] = T.Broadcast(T.float16(0.0), 2)
                    cse_v2: T.let[T.int64] = blockIdx_x * T.int64(32)
                    cse_v4: T.let[T.int64] = blockIdx_x * T.int64(65536)
                    cse_v6: T.let[T.int64] = blockIdx_y * T.int64(64)
                    cse_v7: T.let[T.int64] = threadIdx_y * T.int64(4)
                    for ax3_0 in range(T.int64(128)):
                        cse_v3: T.let[T.int64] = threadIdx_x // T.int64(4)
                        cse_v12: T.let[T.int64] = threadIdx_x % T.int64(4) * T.int64(4)
                        cse_v108: T.let[T.int64] = cse_v2 + threadIdx_y * T.int64(2) + cse_v3
                        cse_v114: T.let[T.int64] = threadIdx_y * T.int64(36) + cse_v3 * T.int64(18) + cse_v12
                        cse_v123: T.let[T.int64] = cse_v4 + threadIdx_y * T.int64(4096) + cse_v3 * T.int64(2048) + ax3_0 * T.int64(16) + cse_v12
                        reshape3_reindex_pad_shared[cse_v114:cse_v114 + T.int64(2)] = T.if_then_else(cse_v108 < cse_v1, reshape3_1[T.Ramp(cse_v123, T.int64(1), 2)], T.Broadcast(T.float16(0.0), 2))
                        reshape3_reindex_pad_shared[cse_v114 + T.int64(2):cse_v114 + T.int64(2) + T.int64(2)] = T.if_then_else(cse_v108 < cse_v1, reshape3_1[T.Ramp(cse_v123 + T.int64(2), T.int64(1), 2)], T.Broadcast(T.float16(0.0), 2))
                        cse_v5: T.let[T.int64] = threadIdx_x % T.int64(2)
                        cse_v8: T.let[T.int64] = threadIdx_x // T.int64(2)
                        cse_v9: T.let[T.int64] = threadIdx_y * T.int64(72)
                        cse_v115: T.let[T.int64] = cse_v9 + cse_v8 * T.int64(18) + cse_v5 * T.int64(8)
                        cse_v131: T.let[T.int64] = ax3_0 * T.int64(32768) + cse_v5 * T.int64(16384) + cse_v6 + cse_v7 + cse_v8
                        permute_dims5_reindex_shared[cse_v115:cse_v115 + T.int64(2)] = permute_dims5_1[T.Ramp(cse_v131, T.int64(2048), 2)]
                        permute_dims5_reindex_shared[cse_v115 + T.int64(2):cse_v115 + T.int64(2) + T.int64(2)] = permute_dims5_1[T.Ramp(cse_v131 + T.int64(4096), T.int64(2048), 2)]
                        permute_dims5_reindex_shared[cse_v115 + T.int64(4):cse_v115 + T.int64(4) + T.int64(2)] = permute_dims5_1[T.Ramp(cse_v131 + T.int64(8192), T.int64(2048), 2)]
                        permute_dims5_reindex_shared[cse_v115 + T.int64(6):cse_v115 + T.int64(6) + T.int64(2)] = permute_dims5_1[T.Ramp(cse_v131 + T.int64(12288), T.int64(2048), 2)]
                        cse_v10: T.let[T.int64] = threadIdx_x * T.int64(72)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v10], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v9, T.int64(18), 2)]
                        cse_v13: T.let[T.int64] = cse_v9 + T.int64(36)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v10], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v13, T.int64(18), 2)]
                        cse_v14: T.let[T.int64] = cse_v10 + T.int64(18)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v14], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v9, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v14], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v13, T.int64(18), 2)]
                        cse_v15: T.let[T.int64] = cse_v10 + T.int64(36)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v15], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v9, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v15], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v13, T.int64(18), 2)]
                        cse_v16: T.let[T.int64] = cse_v10 + T.int64(54)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v16], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v9, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v16], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v13, T.int64(18), 2)]
                        cse_v17: T.let[T.int64] = cse_v10 + T.int64(1)
                        cse_v18: T.let[T.int64] = cse_v9 + T.int64(1)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v17], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v18, T.int64(18), 2)]
                        cse_v19: T.let[T.int64] = cse_v9 + T.int64(37)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v17], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v19, T.int64(18), 2)]
                        cse_v20: T.let[T.int64] = cse_v10 + T.int64(19)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v20], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v18, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v20], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v19, T.int64(18), 2)]
                        cse_v21: T.let[T.int64] = cse_v10 + T.int64(37)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v21], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v18, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v21], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v19, T.int64(18), 2)]
                        cse_v22: T.let[T.int64] = cse_v10 + T.int64(55)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v22], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v18, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v22], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v19, T.int64(18), 2)]
                        cse_v23: T.let[T.int64] = cse_v10 + T.int64(2)
                        cse_v24: T.let[T.int64] = cse_v9 + T.int64(2)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v23], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v24, T.int64(18), 2)]
                        cse_v25: T.let[T.int64] = cse_v9 + T.int64(38)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v23], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v25, T.int64(18), 2)]
                        cse_v26: T.let[T.int64] = cse_v10 + T.int64(20)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v26], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v24, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v26], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v25, T.int64(18), 2)]
                        cse_v27: T.let[T.int64] = cse_v10 + T.int64(38)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v27], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v24, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v27], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v25, T.int64(18), 2)]
                        cse_v28: T.let[T.int64] = cse_v10 + T.int64(56)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v28], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v24, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v28], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v25, T.int64(18), 2)]
                        cse_v29: T.let[T.int64] = cse_v10 + T.int64(3)
                        cse_v30: T.let[T.int64] = cse_v9 + T.int64(3)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v29], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v30, T.int64(18), 2)]
                        cse_v31: T.let[T.int64] = cse_v9 + T.int64(39)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v29], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v31, T.int64(18), 2)]
                        cse_v32: T.let[T.int64] = cse_v10 + T.int64(21)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v32], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v30, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v32], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v31, T.int64(18), 2)]
                        cse_v33: T.let[T.int64] = cse_v10 + T.int64(39)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v33], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v30, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v33], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v31, T.int64(18), 2)]
                        cse_v34: T.let[T.int64] = cse_v10 + T.int64(57)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v34], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v30, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v34], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v31, T.int64(18), 2)]
                        cse_v35: T.let[T.int64] = cse_v10 + T.int64(4)
                        cse_v36: T.let[T.int64] = cse_v9 + T.int64(4)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v35], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v36, T.int64(18), 2)]
                        cse_v37: T.let[T.int64] = cse_v9 + T.int64(40)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v35], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v37, T.int64(18), 2)]
                        cse_v38: T.let[T.int64] = cse_v10 + T.int64(22)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v38], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v36, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v38], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v37, T.int64(18), 2)]
                        cse_v39: T.let[T.int64] = cse_v10 + T.int64(40)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v39], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v36, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v39], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v37, T.int64(18), 2)]
                        cse_v40: T.let[T.int64] = cse_v10 + T.int64(58)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v40], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v36, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v40], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v37, T.int64(18), 2)]
                        cse_v41: T.let[T.int64] = cse_v10 + T.int64(5)
                        cse_v42: T.let[T.int64] = cse_v9 + T.int64(5)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v41], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v42, T.int64(18), 2)]
                        cse_v43: T.let[T.int64] = cse_v9 + T.int64(41)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v41], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v43, T.int64(18), 2)]
                        cse_v44: T.let[T.int64] = cse_v10 + T.int64(23)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v44], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v42, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v44], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v43, T.int64(18), 2)]
                        cse_v45: T.let[T.int64] = cse_v10 + T.int64(41)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v45], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v42, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v45], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v43, T.int64(18), 2)]
                        cse_v46: T.let[T.int64] = cse_v10 + T.int64(59)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v46], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v42, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v46], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v43, T.int64(18), 2)]
                        cse_v47: T.let[T.int64] = cse_v10 + T.int64(6)
                        cse_v48: T.let[T.int64] = cse_v9 + T.int64(6)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v47], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v48, T.int64(18), 2)]
                        cse_v49: T.let[T.int64] = cse_v9 + T.int64(42)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v47], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v49, T.int64(18), 2)]
                        cse_v50: T.let[T.int64] = cse_v10 + T.int64(24)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v50], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v48, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v50], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v49, T.int64(18), 2)]
                        cse_v51: T.let[T.int64] = cse_v10 + T.int64(42)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v51], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v48, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v51], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v49, T.int64(18), 2)]
                        cse_v52: T.let[T.int64] = cse_v10 + T.int64(60)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v52], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v48, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v52], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v49, T.int64(18), 2)]
                        cse_v53: T.let[T.int64] = cse_v10 + T.int64(7)
                        cse_v54: T.let[T.int64] = cse_v9 + T.int64(7)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v53], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v54, T.int64(18), 2)]
                        cse_v55: T.let[T.int64] = cse_v9 + T.int64(43)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v53], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v55, T.int64(18), 2)]
                        cse_v56: T.let[T.int64] = cse_v10 + T.int64(25)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v56], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v54, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v56], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v55, T.int64(18), 2)]
                        cse_v57: T.let[T.int64] = cse_v10 + T.int64(43)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v57], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v54, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v57], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v55, T.int64(18), 2)]
                        cse_v58: T.let[T.int64] = cse_v10 + T.int64(61)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v58], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v54, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v58], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v55, T.int64(18), 2)]
                        cse_v59: T.let[T.int64] = cse_v10 + T.int64(8)
                        cse_v60: T.let[T.int64] = cse_v9 + T.int64(8)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v59], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v60, T.int64(18), 2)]
                        cse_v61: T.let[T.int64] = cse_v9 + T.int64(44)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v59], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v61, T.int64(18), 2)]
                        cse_v62: T.let[T.int64] = cse_v10 + T.int64(26)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v62], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v60, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v62], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v61, T.int64(18), 2)]
                        cse_v63: T.let[T.int64] = cse_v10 + T.int64(44)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v63], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v60, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v63], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v61, T.int64(18), 2)]
                        cse_v64: T.let[T.int64] = cse_v10 + T.int64(62)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v64], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v60, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v64], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v61, T.int64(18), 2)]
                        cse_v65: T.let[T.int64] = cse_v10 + T.int64(9)
                        cse_v66: T.let[T.int64] = cse_v9 + T.int64(9)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v65], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v66, T.int64(18), 2)]
                        cse_v67: T.let[T.int64] = cse_v9 + T.int64(45)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v65], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v67, T.int64(18), 2)]
                        cse_v68: T.let[T.int64] = cse_v10 + T.int64(27)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v68], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v66, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v68], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v67, T.int64(18), 2)]
                        cse_v69: T.let[T.int64] = cse_v10 + T.int64(45)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v69], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v66, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v69], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v67, T.int64(18), 2)]
                        cse_v70: T.let[T.int64] = cse_v10 + T.int64(63)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v70], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v66, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v70], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v67, T.int64(18), 2)]
                        cse_v71: T.let[T.int64] = cse_v10 + T.int64(10)
                        cse_v72: T.let[T.int64] = cse_v9 + T.int64(10)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v71], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v72, T.int64(18), 2)]
                        cse_v73: T.let[T.int64] = cse_v9 + T.int64(46)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v71], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v73, T.int64(18), 2)]
                        cse_v74: T.let[T.int64] = cse_v10 + T.int64(28)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v74], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v72, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v74], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v73, T.int64(18), 2)]
                        cse_v75: T.let[T.int64] = cse_v10 + T.int64(46)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v75], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v72, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v75], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v73, T.int64(18), 2)]
                        cse_v76: T.let[T.int64] = cse_v10 + T.int64(64)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v76], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v72, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v76], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v73, T.int64(18), 2)]
                        cse_v77: T.let[T.int64] = cse_v10 + T.int64(11)
                        cse_v78: T.let[T.int64] = cse_v9 + T.int64(11)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v77], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v78, T.int64(18), 2)]
                        cse_v79: T.let[T.int64] = cse_v9 + T.int64(47)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v77], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v79, T.int64(18), 2)]
                        cse_v80: T.let[T.int64] = cse_v10 + T.int64(29)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v80], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v78, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v80], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v79, T.int64(18), 2)]
                        cse_v81: T.let[T.int64] = cse_v10 + T.int64(47)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v81], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v78, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v81], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v79, T.int64(18), 2)]
                        cse_v82: T.let[T.int64] = cse_v10 + T.int64(65)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v82], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v78, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v82], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v79, T.int64(18), 2)]
                        cse_v83: T.let[T.int64] = cse_v10 + T.int64(12)
                        cse_v84: T.let[T.int64] = cse_v9 + T.int64(12)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v83], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v84, T.int64(18), 2)]
                        cse_v85: T.let[T.int64] = cse_v9 + T.int64(48)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v83], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v85, T.int64(18), 2)]
                        cse_v86: T.let[T.int64] = cse_v10 + T.int64(30)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v86], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v84, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v86], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v85, T.int64(18), 2)]
                        cse_v87: T.let[T.int64] = cse_v10 + T.int64(48)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v87], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v84, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v87], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v85, T.int64(18), 2)]
                        cse_v88: T.let[T.int64] = cse_v10 + T.int64(66)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v88], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v84, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v88], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v85, T.int64(18), 2)]
                        cse_v89: T.let[T.int64] = cse_v10 + T.int64(13)
                        cse_v90: T.let[T.int64] = cse_v9 + T.int64(13)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v89], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v90, T.int64(18), 2)]
                        cse_v91: T.let[T.int64] = cse_v9 + T.int64(49)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v89], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v91, T.int64(18), 2)]
                        cse_v92: T.let[T.int64] = cse_v10 + T.int64(31)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v92], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v90, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v92], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v91, T.int64(18), 2)]
                        cse_v93: T.let[T.int64] = cse_v10 + T.int64(49)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v93], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v90, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v93], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v91, T.int64(18), 2)]
                        cse_v94: T.let[T.int64] = cse_v10 + T.int64(67)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v94], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v90, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v94], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v91, T.int64(18), 2)]
                        cse_v95: T.let[T.int64] = cse_v10 + T.int64(14)
                        cse_v96: T.let[T.int64] = cse_v9 + T.int64(14)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v95], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v96, T.int64(18), 2)]
                        cse_v97: T.let[T.int64] = cse_v9 + T.int64(50)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v95], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v97, T.int64(18), 2)]
                        cse_v98: T.let[T.int64] = cse_v10 + T.int64(32)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v98], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v96, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v98], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v97, T.int64(18), 2)]
                        cse_v99: T.let[T.int64] = cse_v10 + T.int64(50)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v99], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v96, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v99], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v97, T.int64(18), 2)]
                        cse_v100: T.let[T.int64] = cse_v10 + T.int64(68)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v100], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v96, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v100], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v97, T.int64(18), 2)]
                        cse_v101: T.let[T.int64] = cse_v10 + T.int64(15)
                        cse_v102: T.let[T.int64] = cse_v9 + T.int64(15)
                        matmul_intermediate_reindex_pad_local[0] = matmul_intermediate_reindex_pad_local[0] + T.Broadcast(reshape3_reindex_pad_shared[cse_v101], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v102, T.int64(18), 2)]
                        cse_v103: T.let[T.int64] = cse_v9 + T.int64(51)
                        matmul_intermediate_reindex_pad_local[1] = matmul_intermediate_reindex_pad_local[1] + T.Broadcast(reshape3_reindex_pad_shared[cse_v101], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v103, T.int64(18), 2)]
                        cse_v104: T.let[T.int64] = cse_v10 + T.int64(33)
                        matmul_intermediate_reindex_pad_local[2] = matmul_intermediate_reindex_pad_local[2] + T.Broadcast(reshape3_reindex_pad_shared[cse_v104], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v102, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[3] = matmul_intermediate_reindex_pad_local[3] + T.Broadcast(reshape3_reindex_pad_shared[cse_v104], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v103, T.int64(18), 2)]
                        cse_v105: T.let[T.int64] = cse_v10 + T.int64(51)
                        matmul_intermediate_reindex_pad_local[4] = matmul_intermediate_reindex_pad_local[4] + T.Broadcast(reshape3_reindex_pad_shared[cse_v105], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v102, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[5] = matmul_intermediate_reindex_pad_local[5] + T.Broadcast(reshape3_reindex_pad_shared[cse_v105], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v103, T.int64(18), 2)]
                        cse_v106: T.let[T.int64] = cse_v10 + T.int64(69)
                        matmul_intermediate_reindex_pad_local[6] = matmul_intermediate_reindex_pad_local[6] + T.Broadcast(reshape3_reindex_pad_shared[cse_v106], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v102, T.int64(18), 2)]
                        matmul_intermediate_reindex_pad_local[7] = matmul_intermediate_reindex_pad_local[7] + T.Broadcast(reshape3_reindex_pad_shared[cse_v106], 2) * permute_dims5_reindex_shared[T.Ramp(cse_v103, T.int64(18), 2)]
                    cse_v107: T.let[T.int64] = cse_v2 + threadIdx_x * T.int64(4)
                    cse_v109: T.let[T.int64] = cse_v107 // seq_len
                    cse_v110: T.let[T.int64] = cse_v107 % seq_len
                    cse_v116: T.let[T.int64] = cse_v4 + threadIdx_x * T.int64(8192) + cse_v6 + cse_v7
                    if cse_v109 < batch and cse_v110 < seq_len:
                        T_add_intermediate_1[cse_v116:cse_v116 + T.int64(2)] = reshape1_1[T.Ramp(cse_v116, T.int64(1), 2)] + matmul_intermediate_reindex_pad_local[T.int64(0)]
                    if cse_v109 < batch and cse_v110 < seq_len:
                        cse_v124: T.let[T.int64] = cse_v116 + T.int64(2)
                        T_add_intermediate_1[cse_v124:cse_v124 + T.int64(2)] = reshape1_1[T.Ramp(cse_v124, T.int64(1), 2)] + matmul_intermediate_reindex_pad_local[T.int64(1)]
                    cse_v111: T.let[T.int64] = cse_v107 + T.int64(1)
                    cse_v117: T.let[T.int64] = cse_v111 // seq_len
                    cse_v118: T.let[T.int64] = cse_v111 % seq_len
                    if cse_v117 < batch and cse_v118 < seq_len:
                        cse_v125: T.let[T.int64] = cse_v116 + T.int64(2048)
                        T_add_intermediate_1[cse_v125:cse_v125 + T.int64(2)] = reshape1_1[T.Ramp(cse_v125, T.int64(1), 2)] + matmul_intermediate_reindex_pad_local[T.int64(2)]
                    if cse_v117 < batch and cse_v118 < seq_len:
                        cse_v126: T.let[T.int64] = cse_v116 + T.int64(2050)
                        T_add_intermediate_1[cse_v126:cse_v126 + T.int64(2)] = reshape1_1[T.Ramp(cse_v126, T.int64(1), 2)] + matmul_intermediate_reindex_pad_local[T.int64(3)]
                    cse_v112: T.let[T.int64] = cse_v107 + T.int64(2)
                    cse_v119: T.let[T.int64] = cse_v112 // seq_len
                    cse_v120: T.let[T.int64] = cse_v112 % seq_len
                    if cse_v119 < batch and cse_v120 < seq_len:
                        cse_v127: T.let[T.int64] = cse_v116 + T.int64(4096)
                        T_add_intermediate_1[cse_v127:cse_v127 + T.int64(2)] = reshape1_1[T.Ramp(cse_v127, T.int64(1), 2)] + matmul_intermediate_reindex_pad_local[T.int64(4)]
                    if cse_v119 < batch and cse_v120 < seq_len:
                        cse_v128: T.let[T.int64] = cse_v116 + T.int64(4098)
                        T_add_intermediate_1[cse_v128:cse_v128 + T.int64(2)] = reshape1_1[T.Ramp(cse_v128, T.int64(1), 2)] + matmul_intermediate_reindex_pad_local[T.int64(5)]
                    cse_v113: T.let[T.int64] = cse_v107 + T.int64(3)
                    cse_v121: T.let[T.int64] = cse_v113 // seq_len
                    cse_v122: T.let[T.int64] = cse_v113 % seq_len
                    if cse_v121 < batch and cse_v122 < seq_len:
                        cse_v129: T.let[T.int64] = cse_v116 + T.int64(6144)
                        T_add_intermediate_1[cse_v129:cse_v129 + T.int64(2)] = reshape1_1[T.Ramp(cse_v129, T.int64(1), 2)] + matmul_intermediate_reindex_pad_local[T.int64(6)]
                    if cse_v121 < batch and cse_v122 < seq_len:
                        cse_v130: T.let[T.int64] = cse_v116 + T.int64(6146)
                        T_add_intermediate_1[cse_v130:cse_v130 + T.int64(2)] = reshape1_1[T.Ramp(cse_v130, T.int64(1), 2)] + matmul_intermediate_reindex_pad_local[T.int64(7)]

