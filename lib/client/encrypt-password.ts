/**
 * Encrypts the login password for the server's public key (RSA-OAEP with SHA-256), with the time
 * inside so a captured ciphertext expires. node-forge loads only when someone logs in.
 */
export async function encryptPassword(publicKeyPem: string, password: string, now = Date.now()): Promise<string> {
  const { default: forge } = await import('node-forge');
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const plain = forge.util.encodeUtf8(JSON.stringify({ p: password, t: now }));
  const encrypted = key.encrypt(plain, 'RSA-OAEP', { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } });
  return forge.util.encode64(encrypted);
}
