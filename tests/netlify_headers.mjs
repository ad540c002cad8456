// Netlify's own reading of the site's headers, for tests/test_netlify_parser.py.
//
// Usage: node tests/netlify_headers.mjs HEADERS_FILE NETLIFY_TOML URL_PATH...
//
// Parses the `_headers` file and the netlify.toml together, as a deployment does, with
// @netlify/headers-parser (the code Netlify's build and `netlify dev` use) and prints one JSON
// object:
//   errors: the parser's error messages;
//   rules:  every parsed rule, in file order: {for, values};
//   paths:  for each URL path, {rules, headers, problems}: the indices of the rules whose
//           `for` matches it (the parser's own forRegExp), the headers they give (every matching
//           rule applies, a later one overriding a header of the same name in any case), and
//           each header the Fetch standard's Headers.set rejects or changes (Node's undici
//           throws on a line break or NUL and trims surrounding whitespace).
import { parseAllHeaders } from "@netlify/headers-parser";

/** Why `new Headers().set(name, value)` does not keep the header as given, or null. */
function headersProblem(name, value) {
  const headers = new Headers();
  try {
    headers.set(name, value);
  } catch (error) {
    return `Headers.set rejects it: ${error.message}`;
  }
  const kept = headers.get(name);
  return kept === value ? null : `Headers.set changes it to ${JSON.stringify(kept)}`;
}

/** The headers of every rule matching `path`, merged in file order. */
function headersFor(rules, indices) {
  const merged = {};
  for (const index of indices) {
    for (const [name, value] of Object.entries(rules[index].values)) {
      for (const old of Object.keys(merged)) {
        if (old.toLowerCase() === name.toLowerCase()) delete merged[old];
      }
      merged[name] = value;
    }
  }
  return merged;
}

const [headersPath, configPath, ...urlPaths] = process.argv.slice(2);
if (configPath === undefined) {
  console.error("usage: node tests/netlify_headers.mjs HEADERS_FILE NETLIFY_TOML URL_PATH...");
  process.exit(2);
}
const { headers: rules, errors } = await parseAllHeaders({
  headersFiles: [headersPath],
  netlifyConfigPath: configPath,
});
const paths = {};
for (const path of urlPaths) {
  const indices = rules.flatMap((rule, index) => (rule.forRegExp.test(path) ? [index] : []));
  const headers = headersFor(rules, indices);
  const problems = {};
  for (const [name, value] of Object.entries(headers)) {
    const problem = headersProblem(name, value);
    if (problem !== null) problems[name] = problem;
  }
  paths[path] = { rules: indices, headers, problems };
}
const report = {
  errors: errors.map((error) => String(error.message ?? error)),
  rules: rules.map((rule) => ({ for: rule.for, values: rule.values })),
  paths,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
