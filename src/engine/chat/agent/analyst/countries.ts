// Countries by the other words people name them with: the demonyms the suffix rules of values.ts cannot reach
// ("American" for a value "USA", "Dutch" for "Netherlands", "Swiss") and the usual short and long forms ("USA",
// "United States", "America"). A value written as one of a group's words is also named by the group's other words.
// Language data, not a model's: each group is one country. Two-letter codes are left out ("US" is also a pronoun).

const GROUPS = `
usa|united states|united states of america|america|american|americans
uk|united kingdom|great britain|britain|british
netherlands|the netherlands|holland|dutch
switzerland|swiss
france|french
greece|greek
thailand|thai
denmark|danish
finland|finnish
poland|polish
spain|spanish
turkey|turkish|turkiye
ireland|irish
scotland|scottish
wales|welsh
norway|norwegian
sweden|swedish
philippines|filipino
new zealand|kiwi
uae|united arab emirates|emirati`;

const GROUP_OF = new Map<string, string[]>();
for (const line of GROUPS.trim().split('\n')) {
  const names = line.split('|');
  for (const name of names) GROUP_OF.set(name, names);
}

/** The other words that name the country a value writes (folded, words joined by spaces); none for other values. */
export function countryNames(folded: string): string[] {
  return (GROUP_OF.get(folded) ?? []).filter((name) => name !== folded);
}
