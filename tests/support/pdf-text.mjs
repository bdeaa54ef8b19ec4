// Reads a PDF from standard input with pdf.js (legacy build for Node) and prints its page count and text as JSON.
// Run as a child process by tests: jest compiles test files to CommonJS, and pdf.js is an ES module only.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const data = new Uint8Array(Buffer.concat(chunks));
const doc = await getDocument({ data, useSystemFonts: false, disableFontFace: true, isEvalSupported: false, verbosity: 0 }).promise;
let text = '';
for (let i = 1; i <= doc.numPages; i++) {
  const content = await (await doc.getPage(i)).getTextContent();
  for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
}
process.stdout.write(JSON.stringify({ pages: doc.numPages, text }));
await doc.destroy();
