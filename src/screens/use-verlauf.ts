import { useEffect, useState } from 'react';
import { localResultOf } from '../children/local-result';
import { childrenRepository } from '../children/repository';
import { buildVerlauf, type VerlaufEntry } from '../children/verlauf';
import type { AnswerRecord, EndedEarly, Understanding, UserData } from '../store/types';

export type VerlaufState =
  | { kind: 'not-saved' }
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; entries: VerlaufEntry[] };

/**
 * The results page's part of the Verlauf (docs/product.md, Verlauf): the finished test of a saved
 * child is stored on the device once (by submissionId, so a reload of the page adds nothing), then
 * the child's tests are read back up to this one.
 */
export function useVerlauf(
  submissionId: string | null,
  user: UserData,
  answers: readonly AnswerRecord[],
  /** A test ended with 'Test beenden' is kept with its reason (docs/product.md §38). */
  endedEarly?: EndedEarly | null,
  /** Kept with the result for the Gruppenübersicht (docs/product.md §39). */
  understanding?: Understanding | null,
): VerlaufState {
  const code = user.childCode;
  const [state, setState] = useState<VerlaufState>(code ? { kind: 'loading' } : { kind: 'not-saved' });
  useEffect(() => {
    if (!code || !submissionId) {
      setState({ kind: 'not-saved' });
      return;
    }
    let current = true;
    const repository = childrenRepository();
    const load = async () => {
      if (answers.length > 0 || endedEarly)
        await repository.addResult(
          localResultOf(submissionId, code, user, answers, endedEarly, understanding),
        );
      return buildVerlauf(await repository.resultsOf(code), submissionId);
    };
    load().then(
      (entries) => current && setState({ kind: 'ready', entries }),
      (error: unknown) => {
        console.error('The Verlauf could not be stored or read', error);
        if (current) setState({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [code, submissionId, user, answers, endedEarly, understanding]);
  return state;
}
