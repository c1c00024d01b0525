import type { ClientMetadata, ClientMetadataInput } from '../../domain/model/ClientMetadata';

/** `clients add|update` flags for what the pages show the user about the app (RFC 7591 §2); on update, '' clears one. */
export const METADATA_OPTIONS = {
  name: { type: 'string' },
  'logo-uri': { type: 'string' },
  'policy-uri': { type: 'string' },
  'tos-uri': { type: 'string' },
} as const;

export const METADATA_FLAGS = '--name, --logo-uri, --policy-uri, --tos-uri';

export const METADATA_USAGE = `      [--name NAME] [--logo-uri URL] [--policy-uri URL] [--tos-uri URL]`;

type MetadataValues = { readonly [flag in keyof typeof METADATA_OPTIONS]?: string };

/** The flags given as the use cases' input; a flag left out stays undefined (update keeps the stored value). */
export function metadataInputOf(values: MetadataValues): ClientMetadataInput {
  return { name: values.name, logoUri: values['logo-uri'], policyUri: values['policy-uri'], tosUri: values['tos-uri'] };
}

/** `clients show` lines for the metadata, `(none)` when not registered. */
export function metadataLines(client: ClientMetadata): string[] {
  const shown = (value: string | null) => value ?? '(none)';
  return [`name: ${shown(client.name)}`, `logo URI: ${shown(client.logoUri)}`, `policy URI: ${shown(client.policyUri)}`, `terms of service URI: ${shown(client.tosUri)}`];
}
