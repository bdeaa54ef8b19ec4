import 'server-only';
/**
 * Provincial nodes from data/nodes/nodes.json (see its SOURCE.md): applied whenever the file changes,
 * so the committed file is where a deployment replaces the demo contacts. Runs after the regions.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { versionedSeed } from '../db/versioned-seed';

const bilingual = z.object({ zh: z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(300) });
export const nodesFileSchema = z
  .array(
    z.object({
      provinceCode: z.string().regex(/^[1-8]\d0000$/),
      name: bilingual,
      host: bilingual,
      address: bilingual,
      phone: z.string().min(1).max(40),
      email: z.email().max(100),
      website: z.url().max(200).nullable(),
      serviceHours: bilingual,
      demo: z.boolean(),
    }),
  )
  .refine((nodes) => new Set(nodes.map((n) => n.provinceCode)).size === nodes.length, 'one node per province');

const FILE = path.join(process.cwd(), 'data/nodes/nodes.json');

export const nodesSeed = versionedSeed({
  name: 'provincial nodes',
  dataset: 'provincial_nodes',
  source: async (progress) => {
    try {
      const raw = await readFile(FILE, 'utf8');
      return { text: raw, value: raw };
    } catch {
      progress('no data/nodes/nodes.json: no provincial nodes');
      return null;
    }
  },
  async load(tx, raw) {
    const nodes = nodesFileSchema.parse(JSON.parse(raw));
    const rows = nodes.map((n) => ({
      province_code: n.provinceCode,
      name_zh: n.name.zh,
      name_en: n.name.en,
      host_zh: n.host.zh,
      host_en: n.host.en,
      address_zh: n.address.zh,
      address_en: n.address.en,
      phone: n.phone,
      email: n.email,
      website: n.website,
      hours_zh: n.serviceHours.zh,
      hours_en: n.serviceHours.en,
      demo: n.demo,
    }));
    await tx.query('DELETE FROM provincial_nodes WHERE NOT (province_code = ANY($1::text[]))', [rows.map((r) => r.province_code)]);
    await tx.query(
      `INSERT INTO provincial_nodes (province_code, name_zh, name_en, host_zh, host_en, address_zh, address_en, phone, email, website,
                                     hours_zh, hours_en, demo)
       SELECT r.province_code, r.name_zh, r.name_en, r.host_zh, r.host_en, r.address_zh, r.address_en, r.phone, r.email, r.website,
              r.hours_zh, r.hours_en, r.demo
       FROM jsonb_to_recordset($1::jsonb) AS r(province_code text, name_zh text, name_en text, host_zh text, host_en text,
            address_zh text, address_en text, phone text, email text, website text, hours_zh text, hours_en text, demo boolean)
       ON CONFLICT (province_code) DO UPDATE SET
         name_zh = EXCLUDED.name_zh, name_en = EXCLUDED.name_en, host_zh = EXCLUDED.host_zh, host_en = EXCLUDED.host_en,
         address_zh = EXCLUDED.address_zh, address_en = EXCLUDED.address_en, phone = EXCLUDED.phone, email = EXCLUDED.email,
         website = EXCLUDED.website, hours_zh = EXCLUDED.hours_zh, hours_en = EXCLUDED.hours_en, demo = EXCLUDED.demo, updated_at = now()`,
      [JSON.stringify(rows)],
    );
    return rows.length;
  },
  report: (n) => `provincial nodes: ${n}`,
});
