metadata = tvm.ir.load_json("""{
  \"root_index\": 15,
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
      \"data\": \"bad n:\\n  \"
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
      \"type\": \"ir.StringType\",
      \"data\": {
        \"span\": 1
      }
    },
    {
      \"type\": \"ffi.String\",
      \"data\": \"\\n\"
    },
    {
      \"type\": \"ir.StringImm\",
      \"data\": {
        \"span\": 1,
        \"ty\": 5,
        \"value\": 6
      }
    },
    {
      \"type\": \"ir.StringType\",
      \"data\": {
        \"span\": 1
      }
    },
    {
      \"type\": \"ffi.String\",
      \"data\": \"a\\nb\"
    },
    {
      \"type\": \"ir.StringImm\",
      \"data\": {
        \"span\": 1,
        \"ty\": 8,
        \"value\": 9
      }
    },
    {
      \"type\": \"ffi.Array\",
      \"data\": [
        4,
        7,
        10
      ]
    },
    {
      \"type\": \"ffi.String\",
      \"data\": \"ffi.String\"
    },
    {
      \"type\": \"ffi.String\",
      \"data\": \"line one\\nline two\"
    },
    {
      \"type\": \"ffi.Array\",
      \"data\": [
        13
      ]
    },
    {
      \"type\": \"ffi.Map\",
      \"data\": [
        0,
        11,
        12,
        14
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
def main(n: T.int32):
    T.func_attr({"doc": metadata["ffi.String"][0], "tag": "x"})
    assert n > 0, ("ValueError", [metadata["ir.StringImm"][0], "got", metadata["ir.StringImm"][1]])
    T.call_extern("int32", "log", metadata["ir.StringImm"][2], n)
