import type { ClassifierModel } from './model.ts';

// A model as bytes for storage (a bytea column or a file): a JSON header line
// with the labels and sizes, then idf, weights and bias as little-endian
// float32. Only weights that are not zero are stored, as (index, value) pairs:
// hashed buckets leave most of them untouched.

const MAGIC = 'taxrecon-classifier/1';

export const modelToBytes = (model: ClassifierModel): Uint8Array => {
  const nonZero: number[] = [];
  for (let i = 0; i < model.weights.length; i++) if (model.weights[i] !== 0) nonZero.push(i);
  const header = new TextEncoder().encode(
    `${JSON.stringify({ magic: MAGIC, buckets: model.buckets, labels: model.labels, trainedOn: model.trainedOn, nonZero: nonZero.length })}\n`,
  );
  const body = new ArrayBuffer(4 * (model.idf.length + model.bias.length + 2 * nonZero.length));
  const view = new DataView(body);
  let o = 0;
  for (const values of [model.idf, model.bias]) {
    for (const v of values) {
      view.setFloat32(o, v, true);
      o += 4;
    }
  }
  for (const i of nonZero) {
    view.setUint32(o, i, true);
    view.setFloat32(o + 4, model.weights[i]!, true);
    o += 8;
  }
  const out = new Uint8Array(header.length + body.byteLength);
  out.set(header, 0);
  out.set(new Uint8Array(body), header.length);
  return out;
};

export const modelFromBytes = (bytes: Uint8Array): ClassifierModel => {
  const newline = bytes.indexOf(10);
  if (newline < 0) throw new Error('not a TaxRecon classifier model');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline))) as {
    magic: string;
    buckets: number;
    labels: string[];
    trainedOn: number;
    nonZero: number;
  };
  if (header.magic !== MAGIC) throw new Error('not a TaxRecon classifier model');
  const body = bytes.subarray(newline + 1);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let o = 0;
  const idf = new Float32Array(header.buckets);
  for (let i = 0; i < idf.length; i++, o += 4) idf[i] = view.getFloat32(o, true);
  const bias = new Float32Array(header.labels.length);
  for (let i = 0; i < bias.length; i++, o += 4) bias[i] = view.getFloat32(o, true);
  const weights = new Float32Array(header.labels.length * header.buckets);
  for (let k = 0; k < header.nonZero; k++, o += 8)
    weights[view.getUint32(o, true)] = view.getFloat32(o + 4, true);
  return {
    version: 1,
    buckets: header.buckets,
    labels: header.labels,
    idf,
    weights,
    bias,
    trainedOn: header.trainedOn,
  };
};
