import { describe, expect, it } from 'vitest';
import { ByteTextWriter } from './copy-text.ts';
import { KeyedLineWriter, keyedText } from './keyed-lines.ts';
import { handOver, NO_SCRATCH, scratchFor, spareCount } from './scratch-bytes.ts';

// A thread's line writers grow a scratch buffer and give it back when they
// hand their lines over, so the next writer starts in memory already used.
describe('scratch buffers', () => {
  it('hands the bytes over in a buffer of their own and keeps the scratch for the next writer', () => {
    const scratch = scratchFor(NO_SCRATCH, 0, 100_000);
    expect(scratch.length).toBeGreaterThanOrEqual(100_000);
    scratch.write('hello, lines', 0, 'latin1');
    const bytes = handOver(scratch, 12);
    expect(bytes.toString('latin1')).toBe('hello, lines');
    expect(bytes.buffer).not.toBe(scratch.buffer);
    expect(bytes.byteLength).toBe(12);
    // the next writer that needs no more gets the same memory back
    expect(scratchFor(NO_SCRATCH, 0, 50)).toBe(scratch);
  });

  it('grows a buffer keeping what was written, and keeps no buffer too big or too many', () => {
    const small = scratchFor(NO_SCRATCH, 0, 10);
    small.write('abc', 0, 'latin1');
    const grown = scratchFor(small, 3, small.length + 1);
    expect(grown).not.toBe(small);
    expect(grown.toString('latin1', 0, 3)).toBe('abc');
    handOver(grown, 3);
    const before = spareCount();
    handOver(scratchFor(grown, 0, 32 << 20), 0);
    expect(spareCount()).toBe(before);
    for (let i = 0; i < 10; i++) handOver(Buffer.allocUnsafeSlow(1024), 0);
    expect(spareCount()).toBeLessThanOrEqual(4);
  });

  it('leaves writers one after another with their own lines', () => {
    const texts: string[] = [];
    for (let w = 0; w < 5; w++) {
      const writer = new KeyedLineWriter();
      let expected = '';
      for (let i = 0; i < 2000 * (w + 1); i++) {
        const line = `row ${w}-${i}\tNAME ${i % 7}\n`;
        writer.add(line, 4, 6, true, false);
        expected += line;
      }
      const lines = writer.finish();
      texts.push(keyedText(lines));
      expect(keyedText(lines)).toBe(expected);
    }
    // each writer's bytes stay as they were after later writers used the scratch
    const lists = [new ByteTextWriter(), new ByteTextWriter()];
    lists[0]!.add('first list\n');
    const first = lists[0]!.bytes();
    lists[1]!.add('second list, longer than the first\n');
    const second = lists[1]!.bytes();
    expect(Buffer.from(first).toString()).toBe('first list\n');
    expect(Buffer.from(second).toString()).toBe('second list, longer than the first\n');
    expect(texts[0]).toContain('row 0-1999\t');
  });
});
