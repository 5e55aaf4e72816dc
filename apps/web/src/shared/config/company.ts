import { useTranslation } from 'react-i18next';

export type CompanyDetails = {
  name: string;
  representative: string;
  registration_no: string;
  address: string;
  email: string;
  year: number;
};

/**
 * The operating company's details. They come from the dictionary's company.* keys, which the
 * server overrides from its configuration (COMPANY_* settings), so a deployment changes them
 * without a build.
 */
export function useCompany(): CompanyDetails {
  const { t } = useTranslation();
  return {
    name: t('company.name'),
    representative: t('company.representative'),
    registration_no: t('company.registration_no'),
    address: t('company.address'),
    email: t('company.email'),
    year: new Date().getFullYear(),
  };
}
