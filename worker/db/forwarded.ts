/** A member of a wrapped D1 object (a database, session or statement), read from it and bound to it. */
export function forwarded(target: object, member: string | symbol) {
  const value = Reflect.get(target, member, target);
  return typeof value === "function" ? value.bind(target) : value;
}
