/**
 * @module
 * The digest of a policy: `sha256:` and the hex SHA-256 of the RFC 8785 canonical JSON of
 * the config as parsed, with every passport file it named. Formatting, key
 * order and YAML-versus-JSON do not change it; any change to what is
 * enforced does. The code of a custom provider module is not part of it
 * (its config is).
 */

import { canonicalJson, sha256Hex } from "../canonical/index.ts";

/** A document the config pulled in by path: the name it used and the parsed content. */
export interface PolicySource {
  name: string;
  document: unknown;
}

export async function policyDigest(config: unknown, sources: readonly PolicySource[]): Promise<string> {
  return "sha256:" + (await sha256Hex(canonicalJson({ config, files: sources.map((s) => [s.name, s.document]) })));
}
