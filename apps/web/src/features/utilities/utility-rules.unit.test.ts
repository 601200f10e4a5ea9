import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { converterProblem, diffProblem, refusalText } from './utility-rules.ts';

const txt = (name: string, size = 100) => ({ name, size });
const PASSWORD = 'Zip-secret-42';

describe('26AS converter checks', () => {
  it.each([
    [[txt('a.txt')], 'x@y.test', PASSWORD, PASSWORD, null],
    [[], 'x@y.test', PASSWORD, PASSWORD, 'Error In File! Choose a file to upload.'],
    [
      [txt('a.csv')],
      'x@y.test',
      PASSWORD,
      PASSWORD,
      'Error In File! a.csv: only .txt files are accepted here.',
    ],
    [
      [txt('50%.txt')],
      'x@y.test',
      PASSWORD,
      PASSWORD,
      'Error In File! Invalid file name. File names should not contain special characters like %, /, or directory traversal sequences.',
    ],
    [
      [txt('a.txt', 200_000_001)],
      'x@y.test',
      PASSWORD,
      PASSWORD,
      'Error In File! a.txt is larger than the 200 MB limit.',
    ],
    [[txt('a.txt')], ' ', PASSWORD, PASSWORD, 'Email is missing'],
    [[txt('a.txt')], 'x@y', PASSWORD, PASSWORD, 'Invalid Email Address'],
    [[txt('a.txt')], 'x@y.test', 'short', 'short', 'The zip password must be at least 8 characters long.'],
    [[txt('a.txt')], 'x@y.test', PASSWORD, 'other-password', 'The two passwords do not match.'],
  ])('%j to %j with %j/%j: %j', (files, email, password, confirmation, problem) => {
    expect(converterProblem(files, email, password, confirmation)).toBe(problem);
  });
});

describe('26AS diff checks', () => {
  it('needs an e-mail first, then exactly two .txt files', () => {
    expect(diffProblem([txt('a.txt'), txt('b.txt')], '')).toBe('Email is missing');
    expect(diffProblem([txt('a.txt')], 'x@y.test')).toBe(
      'Error In File! Select exactly 2 .txt files to compare: 1 selected.',
    );
    expect(diffProblem([txt('a.txt'), txt('b.txt'), txt('c.txt')], 'x@y.test')).toContain('3 selected');
    expect(diffProblem([txt('a.txt'), txt('b.zip')], 'x@y.test')).toBe(
      'Error In File! b.zip: only .txt files are accepted here.',
    );
    expect(diffProblem([txt('a.txt'), txt('b.txt')], 'x@y.test')).toBeNull();
  });

  it("prefixes the server's file refusals and leaves the others as they are", () => {
    expect(refusalText(new ApiError(400, 'PAN_MISMATCH', 'The two statements are of different PANs'))).toBe(
      'Error In File! The two statements are of different PANs',
    );
    expect(refusalText(new ApiError(400, 'EMAIL_MISSING', 'Email is missing'))).toBe('Email is missing');
  });

  it("gives the converter's own words for a file that is not text, and the rest as the diff does", () => {
    const notText = new ApiError(400, 'INVALID_FILE_TYPE', 'a.pdf: only .txt files are accepted');
    expect(refusalText(notText, 'converter')).toBe('Data Upload Failed - only .txt file format is supported');
    expect(refusalText(notText)).toBe('Error In File! a.pdf: only .txt files are accepted');
    expect(refusalText(new ApiError(400, 'EMAIL_MISSING', 'Email is missing'), 'converter')).toBe(
      'Email is missing',
    );
  });
});
