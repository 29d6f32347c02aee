import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Tally's HTTP XML server, for tests: a real local HTTP server that reads the import
 * envelopes it is posted, keeps the masters and vouchers as Tally would (a voucher by its REMOTEID),
 * and answers Tally's RESPONSE. Like Tally it refuses, with a LINEERROR: a voucher naming a ledger,
 * stock item or godown it does not have, a voucher whose amounts do not sum to zero, Create for a
 * REMOTEID it already has, Alter or Cancel for one it has not. `refuse` makes it refuse a voucher
 * number with a given sentence (a rule of the real Tally's company the test cannot set up).
 */

export interface StandInVoucher {
  remoteId: string;
  type: string;
  number: string;
  cancelled: boolean;
  xml: string;
}

const text = (xml: string, tag: string) => {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match ? unescapeXml(match[1] ?? '') : null;
};
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
const attr = (openTag: string, name: string) => {
  const match = new RegExp(`${name}="([^"]*)"`).exec(openTag);
  return match ? unescapeXml(match[1] ?? '') : null;
};
const unescapeXml = (value: string) =>
  value
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
const escapeXml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const paise = (amount: string) => Math.round(Number(amount) * 100);

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTallyStandIn() {
  const ledgers = new Set<string>(['Cash']);
  const stockItems = new Set<string>();
  const godowns = new Set<string>(['Main Location']);
  const vouchers = new Map<string, StandInVoucher>();
  const requests: string[] = [];
  const refusals = new Map<string, string>();

  function importEnvelope(xml: string) {
    const counts = { created: 0, altered: 0, cancelled: 0, errors: 0 };
    const errors: string[] = [];
    for (const message of all(xml, 'TALLYMESSAGE[^>]*')) {
      const ledger = /<LEDGER NAME="([^"]*)"/.exec(message);
      if (ledger) {
        const name = unescapeXml(ledger[1] ?? '');
        if (ledgers.has(name)) counts.altered += 1;
        else counts.created += 1;
        ledgers.add(name);
        continue;
      }
      const item = /<STOCKITEM NAME="([^"]*)"/.exec(message);
      if (item) {
        stockItems.add(unescapeXml(item[1] ?? ''));
        counts.created += 1;
        continue;
      }
      const godown = /<GODOWN NAME="([^"]*)"/.exec(message);
      if (godown) {
        godowns.add(unescapeXml(godown[1] ?? ''));
        counts.created += 1;
        continue;
      }
      if (/<UNIT NAME=/.test(message)) {
        counts.created += 1;
        continue;
      }
      const open = /<VOUCHER [^>]*>/.exec(message)?.[0];
      if (!open) continue;
      const refusal = voucherRefusal(message, open);
      if (refusal) {
        counts.errors += 1;
        errors.push(refusal);
        continue;
      }
      const remoteId = attr(open, 'REMOTEID') as string;
      const action = attr(open, 'ACTION');
      const voucher: StandInVoucher = {
        remoteId,
        type: attr(open, 'VCHTYPE') ?? '',
        number: text(message, 'VOUCHERNUMBER') ?? '',
        cancelled: action === 'Cancel',
        xml: message,
      };
      if (action === 'Cancel') {
        vouchers.set(remoteId, { ...(vouchers.get(remoteId) as StandInVoucher), cancelled: true });
        counts.cancelled += 1;
      } else {
        vouchers.set(remoteId, voucher);
        counts[action === 'Alter' ? 'altered' : 'created'] += 1;
      }
    }
    return [
      '<RESPONSE>',
      ...errors.map((e) => `<LINEERROR>${escapeXml(e)}</LINEERROR>`),
      `<CREATED>${counts.created}</CREATED>`,
      `<ALTERED>${counts.altered}</ALTERED>`,
      '<DELETED>0</DELETED>',
      '<LASTVCHID>0</LASTVCHID>',
      '<LASTMID>0</LASTMID>',
      '<COMBINED>0</COMBINED>',
      '<IGNORED>0</IGNORED>',
      `<ERRORS>${counts.errors}</ERRORS>`,
      `<CANCELLED>${counts.cancelled}</CANCELLED>`,
      '</RESPONSE>',
    ].join('\n');
  }

  function voucherRefusal(message: string, open: string): string | null {
    const remoteId = attr(open, 'REMOTEID');
    const action = attr(open, 'ACTION');
    const number = text(message, 'VOUCHERNUMBER') ?? '';
    if (!remoteId) return 'Voucher has no REMOTEID.';
    const refused = refusals.get(number);
    if (refused) return refused;
    if (action === 'Create' && vouchers.has(remoteId)) return `Voucher ${number} already exists!`;
    if ((action === 'Alter' || action === 'Cancel') && !vouchers.has(remoteId))
      return `Voucher ${number} does not exist!`;
    if (action === 'Cancel') return null;
    let sum = 0;
    for (const entry of all(message, 'ALLLEDGERENTRIES.LIST')) {
      const name = text(entry, 'LEDGERNAME') ?? '';
      if (!ledgers.has(name)) return `Ledger '${name}' does not exist!`;
      sum += paise(text(entry, 'AMOUNT') ?? '0');
    }
    // A stock journal's goods in and out name items and godowns like an invoice's goods.
    const goods = ['INVENTORYENTRIES.LIST', 'INVENTORYENTRIESIN.LIST', 'INVENTORYENTRIESOUT.LIST'];
    for (const entry of goods.flatMap((list) => all(message, list))) {
      const item = text(entry, 'STOCKITEMNAME') ?? '';
      if (!stockItems.has(item)) return `Stock Item '${item}' does not exist!`;
      for (const godown of all(entry, 'GODOWNNAME').map(unescapeXml)) {
        if (!godowns.has(godown)) return `Godown '${godown}' does not exist!`;
      }
      for (const allocation of all(entry, 'ACCOUNTINGALLOCATIONS.LIST')) {
        const name = text(allocation, 'LEDGERNAME') ?? '';
        if (!ledgers.has(name)) return `Ledger '${name}' does not exist!`;
        sum += paise(text(allocation, 'AMOUNT') ?? '0');
      }
    }
    return sum === 0 ? null : `Voucher totals do not match! Difference: ${sum / 100}`;
  }

  const server = createServer(async (request, response) => {
    const xml = await bodyOf(request);
    requests.push(xml);
    const answer = /<TALLYREQUEST>Import Data<\/TALLYREQUEST>/.test(xml)
      ? importEnvelope(xml)
      : '<RESPONSE><LINEERROR>Unknown Request</LINEERROR><ERRORS>1</ERRORS></RESPONSE>';
    response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    response.end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ledgers,
    stockItems,
    godowns,
    vouchers,
    requests,
    /** Tally will refuse the voucher with this number, saying `sentence`. */
    refuse(voucherNumber: string, sentence: string) {
      refusals.set(voucherNumber, sentence);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
