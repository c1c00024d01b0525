import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { LoginRequest } from '../controllers/LoginRequest';
import type { JsonSchema } from './openApiTypes';

/**
 * The JSON Schema of a request DTO, generated from the class-validator
 * decorators that validate it (class-validator-jsonschema).
 */
export function dtoSchema(dto: { readonly name: string }): JsonSchema {
  const schema = validationMetadatasToSchemas()[dto.name];
  if (!schema) throw new Error(`no class-validator metadata for ${dto.name}`);
  return schema as JsonSchema;
}

/** The request bodies of the auth service, by schema name. */
export function requestSchemas(): { LoginRequest: JsonSchema } {
  return { LoginRequest: dtoSchema(LoginRequest) };
}
