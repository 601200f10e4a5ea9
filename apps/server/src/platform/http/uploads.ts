import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FileStore } from '../storage/file-store.ts';
import { sha256Stream } from '../storage/file-store.ts';
import { badRequest, HttpError } from './errors.ts';

export const INVALID_FILE_NAME =
  'Invalid file name. File names should not contain special characters like %, /, or directory traversal sequences.';

// Spec part 1 section 5: letters, digits, hyphen, underscore, space, dot and
// parentheses, with at most one dot.
const FILE_NAME = /^[A-Za-z0-9_\- ().]+$/;
export const isValidFileName = (name: string): boolean =>
  FILE_NAME.test(name) && (name.match(/\./g) ?? []).length <= 1 && name.trim() !== '' && name !== '.';

export interface UploadRules {
  // lower-case extensions without the dot, e.g. ['txt', 'zip']
  extensions: readonly string[];
  maxBytes: number;
  maxFiles: number;
}

export interface ReceivedFile {
  fileName: string;
  tempPath: string;
  sizeBytes: number;
  sha256: string;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

const limitAndHash = (maxBytes: number, fileName: string) => {
  const hash = sha256Stream();
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(
          new HttpError(
            413,
            'FILE_TOO_LARGE',
            `${fileName} is larger than the ${maxBytes.toLocaleString('en-IN')}-byte limit.`,
          ),
        );
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
};

// Reads a multipart upload: each file is streamed to a temporary file while its
// size is checked and its SHA-256 computed; nothing is kept when a rule fails.
export const receiveUpload = async (
  request: FastifyRequest,
  store: FileStore,
  rules: UploadRules,
): Promise<ReceivedUpload> => {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "files".');
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    // the route's own limit, not the plugin's default for every route (a
    // smart recon zip may be 2,000,000,000 bytes); one byte more so the size
    // check below, which names the limit, is the one that refuses
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes + 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = part as MultipartFile;
      const fileName = file.filename;
      if (!isValidFileName(fileName)) {
        file.file.resume();
        throw badRequest(INVALID_FILE_NAME, 'INVALID_FILE_NAME');
      }
      const extension = fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
      if (!rules.extensions.includes(extension)) {
        file.file.resume();
        throw badRequest(
          `${fileName}: only ${rules.extensions.map((e) => `.${e}`).join(', ')} files are accepted here.`,
          'INVALID_FILE_TYPE',
        );
      }
      if (files.length >= rules.maxFiles) {
        file.file.resume();
        throw badRequest(`Upload at most ${rules.maxFiles} file(s) at a time.`, 'TOO_MANY_FILES');
      }
      const tempPath = store.tempPath();
      const check = limitAndHash(rules.maxBytes, fileName);
      files.push({ fileName, tempPath, sizeBytes: 0, sha256: '' });
      await pipeline(file.file, check.stream, fs.createWriteStream(tempPath));
      if (file.file.truncated) {
        throw new HttpError(413, 'FILE_TOO_LARGE', `${fileName} is larger than the upload limit.`);
      }
      const { size, sha256 } = check.result();
      files[files.length - 1] = { fileName, tempPath, sizeBytes: size, sha256 };
      // an empty file is refused here, not loaded as nothing in the background
      if (size === 0) throw badRequest(`${fileName} is empty (0 bytes).`, 'EMPTY_FILE');
    }
  } catch (error) {
    await Promise.all(files.map((f) => fs.promises.rm(f.tempPath, { force: true })));
    throw error;
  }
  if (files.length === 0) throw badRequest('Choose a file to upload.', 'NO_FILE');
  return { files, fields };
};
