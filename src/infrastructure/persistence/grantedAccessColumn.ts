import { NO_PARTICULAR_ACCESS, type GrantedAccess } from '../../domain/model/GrantedAccess';

/** The `granted` column of codes and refresh-token families: JSON of the scopes and resources. */
export function grantedAccessText(granted: GrantedAccess): string {
  return JSON.stringify({ scopes: granted.scopes, resources: granted.resources });
}

/** A row from before the column (null) was granted nothing in particular. */
export function grantedAccessOf(text: string | null): GrantedAccess {
  if (text === null) return NO_PARTICULAR_ACCESS;
  const { scopes, resources } = JSON.parse(text) as GrantedAccess;
  return { scopes, resources };
}
