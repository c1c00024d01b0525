import { randomInt } from 'node:crypto';
import { USER_CODE_ALPHABET, USER_CODE_LENGTH } from '../../domain/model/UserCode';
import type { UserCodeGenerator } from '../../domain/ports/UserCodeGenerator';

/** User codes from the CSPRNG, each letter uniform over the alphabet (randomInt has no modulo bias). */
export class RandomUserCodeGenerator implements UserCodeGenerator {
  next(): string {
    let code = '';
    for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
    return code;
  }
}
