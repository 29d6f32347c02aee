import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../core/errors.ts';
import {
  attachmentDisposition,
  CSV_STREAM_FAILED,
  type CsvValue,
  csvDocument,
  csvField,
  fileSlug,
  sendCsvStream,
} from './csv.ts';
import { errorHandler } from './errors.ts';

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('5" pipe')).toBe('"5"" pipe"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
  });

  it('writes numbers as they are and empty for null', () => {
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('keeps formula-like text as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+91')).toBe("'+91");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@sum')).toBe("'@sum");
  });
});

describe('csvDocument', () => {
  it('has a byte-order mark, the header and CRLF line ends', () => {
    expect(
      csvDocument(
        ['Name', 'Price'],
        [
          ['Tea, green', 10],
          ['Café', 2.5],
        ],
      ),
    ).toBe('\uFEFFName,Price\r\n"Tea, green",10\r\nCafé,2.5\r\n');
  });
});

describe('attachmentDisposition and fileSlug', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('a "b".csv')).toBe(
      `attachment; filename="a _b_.csv"; filename*=UTF-8''a%20%22b%22.csv`,
    );
    expect(attachmentDisposition('₹.csv')).toContain("filename*=UTF-8''%E2%82%B9.csv");
    expect(fileSlug('  Shree Traders & Co. ')).toBe('shree-traders-co');
    expect(fileSlug('₹₹')).toBe('export');
  });
});

describe('sendCsvStream', () => {
  async function download(rows: () => AsyncIterable<CsvValue[][]>) {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/export', async (_request, reply) => sendCsvStream(reply, 'x.csv', ['a', 'b'], rows()));
    const res = await app.inject({ method: 'GET', url: '/export' });
    await app.close();
    return res;
  }

  it('streams the header and every batch', async () => {
    const res = await download(async function* () {
      yield [[1, 'x']];
      yield [];
      yield [[2, 'y']];
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFa,b\r\n1,x\r\n2,y\r\n');
  });

  it('answers an error in the first batch as an ordinary error, before any byte of CSV', async () => {
    const res = await download(async function* () {
      await Promise.reject(new AppError('validation_error', 'Bad filter.'));
      yield [];
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Bad filter.');
  });

  it('ends a stream that fails after its first rows with a line saying the file is incomplete', async () => {
    const res = await download(async function* () {
      yield [[1, 'x']];
      throw new Error('the database went away');
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`\uFEFFa,b\r\n1,x\r\n${csvField(CSV_STREAM_FAILED)}\r\n`);
  });
});
