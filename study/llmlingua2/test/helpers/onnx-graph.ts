/**
 * Writes a tiny ONNX token classifier with protobufjs, for the llmlingua2 tests.
 *
 * The graph is what a real `*ForTokenClassification` export looks like from outside: inputs
 * `input_ids` and `attention_mask` (plus `token_type_ids` for BERT-style models), int64
 * [batch, sequence]; output `logits`, float [batch, sequence, 2]. Inside it is one lookup table:
 * logits[b, s] = table[input_ids[b, s]] * attention_mask[b, s], so a test chooses each token's
 * keep logit and knows the keep probability the real inference path must report.
 *
 * The table can also be stored outside the graph, in a weights file beside it, the way optimum
 * exports graphs above 2 GB (model.onnx + model.onnx_data), so the tests cover that layout too.
 *
 * Only the handful of ONNX messages the graph needs are declared below; their field numbers
 * are those of onnx/onnx.proto (IR version 8, opset 13).
 */
import protobuf from "protobufjs";

const ONNX_SUBSET = `
syntax = "proto3";
package onnx;
message AttributeProto { string name = 1; int64 i = 3; int32 type = 20; }
message StringStringEntryProto { string key = 1; string value = 2; }
message TensorProto {
  repeated int64 dims = 1;
  int32 data_type = 2;
  repeated float float_data = 4;
  repeated int64 int64_data = 7;
  string name = 8;
  repeated StringStringEntryProto external_data = 13;
  int32 data_location = 14;
}
message TensorShapeProto {
  message Dimension { oneof value { int64 dim_value = 1; string dim_param = 2; } }
  repeated Dimension dim = 1;
}
message TypeProto {
  message Tensor { int32 elem_type = 1; TensorShapeProto shape = 2; }
  Tensor tensor_type = 1;
}
message ValueInfoProto { string name = 1; TypeProto type = 2; }
message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  string name = 3;
  string op_type = 4;
  repeated AttributeProto attribute = 5;
}
message GraphProto {
  repeated NodeProto node = 1;
  string name = 2;
  repeated TensorProto initializer = 5;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
}
message OperatorSetIdProto { string domain = 1; int64 version = 2; }
message ModelProto {
  int64 ir_version = 1;
  string producer_name = 2;
  GraphProto graph = 7;
  repeated OperatorSetIdProto opset_import = 8;
}
`;

const FLOAT = 1;
/** TensorProto.DataLocation.EXTERNAL: the values are in the file named by external_data. */
const EXTERNAL = 1;
const INT64 = 7;
const ATTRIBUTE_INT = 2;

function tensorInfo(name: string, elemType: number, dims: Array<number | string>): Record<string, unknown> {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((dim) => (typeof dim === "number" ? { dimValue: dim } : { dimParam: dim })) },
      },
    },
  };
}

export interface TokenClassifierGraph {
  /** Keep logit of each token id (label 1); the drop logit (label 0) is 0. */
  keepLogits: readonly number[];
  /** Declare a third input, `token_type_ids`, as BERT exports do. */
  tokenTypeIds?: boolean;
}

export interface ExternalTokenClassifier {
  /** The graph, whose table names `location` as its external data file. */
  onnx: Uint8Array;
  /** The table's float32 values, little-endian: the content of the file `location`. */
  data: Uint8Array;
}

/** Serializes the lookup-table token classifier described above to ONNX bytes. */
export function buildTokenClassifierOnnx(graph: TokenClassifierGraph): Uint8Array {
  const table = graph.keepLogits.flatMap((logit) => [0, logit]);
  return encodeModel(graph, { name: "table", dataType: FLOAT, dims: [graph.keepLogits.length, 2], floatData: table });
}

/** The same classifier with its table in a separate weights file named `location` (e.g. "model.onnx_data"). */
export function buildTokenClassifierOnnxExternal(graph: TokenClassifierGraph, location: string): ExternalTokenClassifier {
  const table = Float32Array.from(graph.keepLogits.flatMap((logit) => [0, logit]));
  const data = new Uint8Array(table.byteLength);
  const view = new DataView(data.buffer);
  table.forEach((value, i) => {
    view.setFloat32(i * 4, value, true);
  });
  const onnx = encodeModel(graph, {
    name: "table",
    dataType: FLOAT,
    dims: [graph.keepLogits.length, 2],
    dataLocation: EXTERNAL,
    externalData: [
      { key: "location", value: location },
      { key: "offset", value: "0" },
      { key: "length", value: String(data.byteLength) },
    ],
  });
  return { onnx, data };
}

function encodeModel(graph: TokenClassifierGraph, tableInitializer: Record<string, unknown>): Uint8Array {
  const root = protobuf.parse(ONNX_SUBSET).root;
  const Model = root.lookupType("onnx.ModelProto");
  const inputs = [tensorInfo("input_ids", INT64, ["batch", "sequence"]), tensorInfo("attention_mask", INT64, ["batch", "sequence"])];
  if (graph.tokenTypeIds === true) inputs.push(tensorInfo("token_type_ids", INT64, ["batch", "sequence"]));
  const message = Model.fromObject({
    irVersion: 8,
    producerName: "silp-tests",
    opsetImport: [{ domain: "", version: 13 }],
    graph: {
      name: "tiny_token_classifier",
      initializer: [tableInitializer, { name: "last_axis", dataType: INT64, dims: [1], int64Data: [-1] }],
      node: [
        { name: "lookup", opType: "Gather", input: ["table", "input_ids"], output: ["scores"] },
        {
          name: "mask_to_float",
          opType: "Cast",
          input: ["attention_mask"],
          output: ["mask_float"],
          attribute: [{ name: "to", type: ATTRIBUTE_INT, i: FLOAT }],
        },
        { name: "mask_axis", opType: "Unsqueeze", input: ["mask_float", "last_axis"], output: ["mask_column"] },
        { name: "apply_mask", opType: "Mul", input: ["scores", "mask_column"], output: ["logits"] },
      ],
      input: inputs,
      output: [tensorInfo("logits", FLOAT, ["batch", "sequence", 2])],
    },
  });
  return Model.encode(message).finish();
}
