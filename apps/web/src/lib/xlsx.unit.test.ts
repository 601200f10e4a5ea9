import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildXlsx } from './xlsx.ts';

const parts = async (blob: Blob) => {
  const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  return new Map(Object.entries(files).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]));
};

describe('xlsx export', () => {
  it('holds the workbook parts, the text escaped and the numbers as numbers', async () => {
    const files = await parts(
      await buildXlsx('Jobs', ['Name', 'Amount'], [['Acme <Ltd> & Co\u0001', 1500.5]]),
    );
    expect([...files.keys()]).toContain('xl/worksheets/sheet1.xml');
    expect([...files.keys()]).toContain('[Content_Types].xml');
    const text = [...files.values()].join('\n');
    expect(text).toContain('Acme &lt;Ltd&gt; &amp; Co');
    expect(text).not.toContain('\u0001');
    expect(files.get('xl/worksheets/sheet1.xml')).toMatch(/<c r="B2"[^>]*><v>1500.5<\/v><\/c>/);
    expect(files.get('xl/workbook.xml')).toContain('name="Jobs"');
  });

  it('gives Excel a sheet name it accepts', async () => {
    const files = await parts(await buildXlsx('a/b:c*d?e[f]g\\h-and-a-name-longer-than-31', ['x'], []));
    expect(files.get('xl/workbook.xml')).toContain('name="a b c d e f g h-and-a-name-long"');
  });
});
