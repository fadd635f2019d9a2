// "Current Location" as a search's location (spec 001 §2): the one rule the search page and the
// carousels' searches share. It arrives in several URL encodings: "Current%20Location",
// "Current+Location", "Current%2520Location" (encoded twice), any letter case.

const CURRENT_LOCATION = 'current location';

function fullyDecoded(value: string): string {
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current.replace(/\+/g, ' '));
    } catch {
      return current;
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Whether a location value means "the visitor's current location" (also empty / absent). */
export function isCurrentLocationValue(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  const decoded = fullyDecoded(value).trim().toLowerCase();
  return decoded === '' || decoded === CURRENT_LOCATION || decoded === 'currentlocation';
}
