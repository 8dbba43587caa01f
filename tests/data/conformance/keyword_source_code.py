metadata = tvm.ir.load_json("""{
  \"root_index\": 6,
  \"nodes\": [
    {
      \"type\": \"ffi.String\",
      \"data\": \"ir.StringImm\"
    },
    {
      \"type\": \"None\"
    },
    {
      \"type\": \"ir.StringType\",
      \"data\": {
        \"span\": 1
      }
    },
    {
      \"type\": \"ffi.String\",
      \"data\": \"x\\ny\"
    },
    {
      \"type\": \"ir.StringImm\",
      \"data\": {
        \"span\": 1,
        \"ty\": 2,
        \"value\": 3
      }
    },
    {
      \"type\": \"ffi.Array\",
      \"data\": [
        4
      ]
    },
    {
      \"type\": \"ffi.Map\",
      \"data\": [
        0,
        5
      ]
    }
  ],
  \"metadata\": {
    \"tvm_version\": \"0.27.0.post1\"
  }
}""")
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.cuda.func_call("helper", A.data, source_code="\n__device__ void helper(int* a) {\n  a[0] = 1;\n}\n")
    T.call_extern("int32", "log", metadata["ir.StringImm"][0])
