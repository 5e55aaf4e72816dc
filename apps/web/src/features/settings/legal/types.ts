/**
 * A legal document as data: sections of paragraphs; a paragraph starting with "- " is a list
 * item. {{name}}, {{representative}}, {{registration_no}}, {{address}} and {{email}} are filled
 * from the configured company details (dictionary keys company.*), so one deployment's details
 * never need a text edit.
 */
export interface LegalSection {
  heading: string;
  body: string[];
}

export interface LegalDocuments {
  /** ISO date the current versions take effect */
  effective: string;
  terms: LegalSection[];
  privacy: LegalSection[];
}
