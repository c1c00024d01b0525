const SKIP_TOKEN = Symbol.for('auth:skipToken');

/**
 * Marks a controller class, or one handler, as reachable without a token
 * (the original service's skip-token annotation).
 */
export function skipToken(): ClassDecorator & MethodDecorator {
  return (target: object, propertyKey?: string | symbol) => {
    // Stryker disable next-line ConditionalExpression: equivalent, reflect-metadata reads an undefined property key as the class itself
    if (propertyKey === undefined) Reflect.defineMetadata(SKIP_TOKEN, true, target);
    else Reflect.defineMetadata(SKIP_TOKEN, true, target, propertyKey);
  };
}

export function isTokenSkipped(controller: NewableFunction, method: string): boolean {
  return (
    Reflect.getMetadata(SKIP_TOKEN, controller) === true ||
    Reflect.getMetadata(SKIP_TOKEN, controller.prototype as object, method) === true
  );
}
