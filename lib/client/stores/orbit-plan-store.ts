/**
 * The orbital prediction screen's state (issue 22): the form, the prediction last asked for (`submitted`:
 * the results shown are always that one's) and the selected pass. Mirrored in the URL by
 * components/orbits/use-plan-url.ts.
 */
import { create } from 'zustand';
import { defaultForm, requestOf, type PlanForm, type PlanState, type PredictionRequest } from '../../shared/orbits/plan';

export interface OrbitPlanState {
  /** Restored from the URL (nothing runs on the defaults first). */
  ready: boolean;
  form: PlanForm;
  submitted: PredictionRequest | null;
  passId: string | null;
}

interface OrbitPlanActions {
  restore: (state: PlanState) => void;
  update: (patch: Partial<PlanForm>) => void;
  submit: () => void;
  /** Sorting a shown prediction asks for it sorted (the server answers from its cache). */
  setSort: (sort: PlanForm['sort']) => void;
  selectPass: (id: string | null) => void;
  reset: () => void;
}

const initial = (): OrbitPlanState => ({ ready: false, form: defaultForm(Date.now()), submitted: null, passId: null });

export const useOrbitPlanStore = create<OrbitPlanState & OrbitPlanActions>()((set, get) => ({
  ...initial(),
  restore: ({ form, run, passId }) => set({ ready: true, form, submitted: run ? requestOf(form) : null, passId: run ? passId : null }),
  update: (patch) => set((s) => ({ form: { ...s.form, ...patch } })),
  submit: () => set((s) => ({ submitted: requestOf(s.form), passId: null })),
  setSort: (sort) => {
    const form = { ...get().form, sort };
    const submitted = get().submitted;
    set({ form, submitted: submitted ? withSort(submitted, sort) : null });
  },
  selectPass: (passId) => set({ passId }),
  reset: () => set(initial()),
}));

function withSort(request: PredictionRequest, sort: PlanForm['sort']): PredictionRequest {
  return request.kind === 'region' ? { kind: 'region', body: { ...request.body, sort } } : { kind: 'shp', body: { ...request.body, sort } };
}

/** The URL shows results when the prediction shown is the form's. */
export const showsForm = (s: OrbitPlanState): boolean => s.submitted !== null && JSON.stringify(s.submitted) === JSON.stringify(requestOf(s.form));
