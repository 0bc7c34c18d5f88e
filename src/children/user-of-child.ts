import type { UserData } from '../store/types';
import { researchConsentOf } from './consent';
import type { Child } from './types';

/** A saved child's details as the details form and the results document take them. */
export function userOfChild(child: Child): UserData {
  return {
    name: child.name,
    birthdate: child.birthDate,
    school: child.school,
    schoolLevel: child.schoolLevel,
    language: child.language,
    childCode: child.code,
    researchConsent: researchConsentOf(child.consent),
  };
}
