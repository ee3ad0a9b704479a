// naughty-words ships JSON word lists per language and no types of its own.
declare module "naughty-words" {
  const lists: Record<string, string[]>;
  export default lists;
}
