import { Type, type IntegerOptions } from '@sinclair/typebox';

/** An integer JavaScript holds exactly (code-host ids outgrow 32 bits); text is read as one too. */
export function SafeInteger(options: IntegerOptions = {}) {
  return Type.Integer({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, ...options });
}
