import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF, page by page, for assertions: enough of a reader for what pdfkit writes
 * (FlateDecode streams, Type0 fonts with Identity-H and a ToUnicode map, or simple fonts with
 * one-byte codes). Each text-showing operator becomes one line of the page's text.
 */

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  // latin1 maps bytes one to one, so string offsets are byte offsets.
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\b/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = text.indexOf('endobj', match.index);
    const body = text.slice(match.index + match[0].length, end);
    const streamAt = body.search(/stream\r?\n/);
    let stream: Buffer | null = null;
    let dict = body;
    if (streamAt >= 0) {
      dict = body.slice(0, streamAt);
      const start = match.index + match[0].length + streamAt + (body[streamAt + 6] === '\r' ? 8 : 7);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const raw = pdf.subarray(
        start,
        Number.isFinite(length) ? start + length : text.indexOf('endstream', start),
      );
      stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
    }
    objects.set(Number(match[1]), { dict, stream });
    pattern.lastIndex = end;
  }
  return objects;
}

const ref = (dict: string, key: string) => {
  const match = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return match ? Number(match[1]) : null;
};

/** code -> text from a ToUnicode CMap (bfchar and bfrange, with or without arrays). */
function readCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  // A target can hold several UTF-16 units ('<0066 0069>' for the fi ligature).
  const unicode = (hex: string) =>
    String.fromCharCode(
      ...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)),
    );
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) {
      map.set(Number.parseInt(code, 16), unicode(text));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, target] of block[1].matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g,
    )) {
      const start = Number.parseInt(from, 16);
      const end = Number.parseInt(to, 16);
      if (target.startsWith('[')) {
        const values = [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((value) => value[1]);
        values.forEach((value, index) => {
          map.set(start + index, unicode(value));
        });
      } else {
        const first = Number.parseInt(target.slice(1, -1), 16);
        for (let code = start; code <= end; code += 1)
          map.set(code, String.fromCharCode(first + code - start));
      }
    }
  }
  return map;
}

interface Font {
  bytesPerCode: 1 | 2;
  map: Map<number, string> | null;
}

function decodeHex(hex: string, font: Font | undefined): string {
  const size = (font?.bytesPerCode ?? 1) * 2;
  let out = '';
  for (let at = 0; at + size <= hex.length; at += size) {
    const code = Number.parseInt(hex.slice(at, at + size), 16);
    out += font?.map?.get(code) ?? String.fromCharCode(code);
  }
  return out;
}

function decodeLiteral(literal: string): string {
  return literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, code: string) => {
    const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    if (simple[code]) return simple[code];
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    return code;
  });
}

export interface PdfPage {
  /** One line per text-showing operator. */
  text: string;
  /** The page's decompressed content stream (drawing operators). */
  content: string;
}

/** Every page in page order: its text and its content stream. */
export function pdfPages(pdf: Buffer): PdfPage[] {
  const objects = readObjects(pdf);
  const fonts = new Map<number, Font>();
  const fontOf = (id: number): Font => {
    let font = fonts.get(id);
    if (!font) {
      const dict = objects.get(id)?.dict ?? '';
      const cmapId = ref(dict, 'ToUnicode');
      const cmap = cmapId === null ? null : objects.get(cmapId)?.stream?.toString('latin1');
      font = { bytesPerCode: /\/Subtype \/Type0/.test(dict) ? 2 : 1, map: cmap ? readCMap(cmap) : null };
      fonts.set(id, font);
    }
    return font;
  };

  const root = [...objects.values()].find(
    (object) => /\/Type \/Pages\b/.test(object.dict) && !/\/Parent/.test(object.dict),
  );
  const pageIds = [...(root?.dict.match(/\/Kids \[([^\]]*)\]/)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) =>
    Number(m[1]),
  );

  return pageIds.map((pageId) => {
    const page = objects.get(pageId)?.dict ?? '';
    const resourcesId = ref(page, 'Resources');
    const resources = resourcesId === null ? page : (objects.get(resourcesId)?.dict ?? '');
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? '';
    const fontIds = new Map([...fontDict.matchAll(/\/(\S+) (\d+) 0 R/g)].map((m) => [m[1], Number(m[2])]));
    const contentIds = [...(/\/Contents (\[[^\]]*\]|\d+ 0 R)/.exec(page)?.[1] ?? '').matchAll(/(\d+) 0 R/g)];
    const content = contentIds
      .map((m) => objects.get(Number(m[1]))?.stream?.toString('latin1') ?? '')
      .join('\n');

    const lines: string[] = [];
    let font: Font | undefined;
    const operators =
      /\/(\S+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;
    for (const match of content.matchAll(operators)) {
      if (match[1] !== undefined) {
        const id = fontIds.get(match[1]);
        font = id === undefined ? undefined : fontOf(id);
      } else if (match[2] !== undefined) {
        const parts = [...match[2].matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)];
        lines.push(
          parts
            .map((part) => (part[1] !== undefined ? decodeHex(part[1], font) : decodeLiteral(part[2])))
            .join(''),
        );
      } else if (match[3] !== undefined) {
        lines.push(decodeHex(match[3], font));
      } else if (match[4] !== undefined) {
        lines.push(decodeLiteral(match[4]));
      }
    }
    return { text: lines.join('\n'), content };
  });
}

/** The text of every page, in page order. */
export function pdfPageTexts(pdf: Buffer): string[] {
  return pdfPages(pdf).map((page) => page.text);
}

/** All text of the PDF, pages joined. */
export function pdfText(pdf: Buffer): string {
  return pdfPageTexts(pdf).join('\n');
}
