// Signs in to a portal under test through its real login API, the way the login form does: a captcha
// for a fresh 32-character token, the RSA public key, the password encrypted with RSA-OAEP (SHA-256)
// as JSON {p, t} (lib/client/encrypt-password.ts), then POST …/login from the server's own origin.
// The captcha can only be answered when the server runs with CAPTCHA_FIXED_ANSWER (tests only).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import forge from 'node-forge';
import { fetchOnce } from './load.mjs';

const HOST = '127.0.0.1';
const API = '/api/usercenter/v1/userinfo/login';

function postJson({ port, path, body, headers }) {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = http.request(
      {
        host: HOST,
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`POST ${path} timed out`)));
    req.end(text);
  });
}

function encryptPassword(publicKeyPem, password) {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const plain = forge.util.encodeUtf8(JSON.stringify({ p: password, t: Date.now() }));
  const encrypted = key.encrypt(plain, 'RSA-OAEP', { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } });
  return forge.util.encode64(encrypted);
}

/** Logs `username` in; resolves with the session token (send it as the `token` header). */
export async function login({ port, username, password, captcha }) {
  const token = randomBytes(16).toString('hex');
  const image = await fetchOnce({ port, path: `${API}/captcha?token=${token}` });
  if (image.status !== 200) throw new Error(`captcha answered ${image.status}: ${image.body.toString().slice(0, 200)}`);
  const key = await fetchOnce({ port, path: `${API}/publickey` });
  if (key.status !== 200) throw new Error(`login public key answered ${key.status}`);
  const { publicKey } = JSON.parse(key.body.toString()).data;
  const origin = `http://${HOST}:${port}`;
  const res = await postJson({
    port,
    path: API,
    headers: { origin, referer: `${origin}/chinese/home` },
    body: { username, password: encryptPassword(publicKey, password), captcha, token },
  });
  let answer = null;
  try {
    answer = JSON.parse(res.body);
  } catch {
    // reported below
  }
  if (res.status !== 200 || answer?.code !== 0 || typeof answer.data !== 'string')
    throw new Error(`login as ${username} failed: HTTP ${res.status} ${res.body.slice(0, 200)}`);
  return answer.data;
}
