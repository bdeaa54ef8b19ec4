/**
 * The image query screen's selection state (spec §3 "Selection state": selectStatus, sidebarTab, upload
 * ids, geojson, result ids, union area, coverage list, fall figures) with the spec §4 rules: changing
 * the mode, the regions, the extent or the uploads clears the results, and drawing sets the mode to DRAW.
 *
 * The filters (satellites and sensors, cloud, dates, resolution, levels, online) are the form; a search
 * takes a snapshot of form and area (`submitted`), and the results shown are always that snapshot's.
 */
import { create } from 'zustand';
import {
  SELECT_MODES,
  SIDEBAR_TABS,
  type AreaGeometry,
  type Bbox,
  type SortField,
} from '../../shared/contracts/catalogue';

export type SelectMode = (typeof SELECT_MODES)[keyof typeof SELECT_MODES];
export type SidebarTab = (typeof SIDEBAR_TABS)[keyof typeof SIDEBAR_TABS];
/** The modes this screen offers (spec §4), in the order of the mode switch. */
export const OFFERED_MODES = [SELECT_MODES.REGION, SELECT_MODES.EXTENT, SELECT_MODES.DRAW, SELECT_MODES.SHP, SELECT_MODES.FILE] as const;
export type OfferedMode = (typeof OFFERED_MODES)[number];
export type SortOrder = 'asc' | 'desc';

export interface SceneFilters {
  /** Collection ids (`gf1-pms`); null means every collection, [] none. */
  collections: string[] | null;
  cloudMin: number;
  cloudMax: number;
  /** UTC days, YYYY-MM-DD; null leaves that end open. */
  dateFrom: string | null;
  dateTo: string | null;
  /** Metres; null leaves that end open. */
  resolutionMin: number | null;
  resolutionMax: number | null;
  /** Empty means every level. */
  productLevels: string[];
  /** null means online and offline scenes. */
  online: boolean | null;
}

/** A scene's share of the area (COVERAGE tab, next issue). */
export interface CoverageItem {
  id: string;
  coveragePct: number;
}

/** Where the chosen scenes fall (per region or path/row; next issue). */
export interface FallFigure {
  key: string;
  count: number;
  areaKm2: number;
}

/** The uploads in force (spec §3 "upload ids"): an area for SHP mode, a scene list for FILE mode. */
export interface UploadIds {
  area: string | null;
  list: string | null;
}
export type UploadKind = keyof UploadIds;

/** What a search ran with: the area of the mode in force and the filters, as they were. */
export interface SubmittedSearch {
  selectStatus: SelectMode;
  regionCodes: string[];
  extent: Bbox | null;
  geojson: AreaGeometry | null;
  uploadIds: UploadIds;
  filters: SceneFilters;
}

export interface SelectionData {
  selectStatus: SelectMode;
  sidebarTab: SidebarTab;
  regionCodes: string[];
  extent: Bbox | null;
  /** The drawn area (DRAW mode). */
  geojson: AreaGeometry | null;
  uploadIds: UploadIds;
  resultIds: string[];
  /** km² of the union of the result footprints; null until computed. */
  unionArea: number | null;
  coverageList: CoverageItem[];
  fallFigures: FallFigure[];
  filters: SceneFilters;
  sort: SortField;
  order: SortOrder;
  page: number;
  pageSize: number;
  submitted: SubmittedSearch | null;
  selectedSceneId: string | null;
  hoveredSceneId: string | null;
  /** The selected scene's quick-look is laid on the map. */
  previewOn: boolean;
}

export interface SelectionActions {
  setMode: (mode: SelectMode) => void;
  setTab: (tab: SidebarTab) => void;
  addRegion: (code: string) => void;
  removeRegion: (code: string) => void;
  setRegions: (codes: string[]) => void;
  setExtent: (extent: Bbox | null) => void;
  /** A drawn polygon: the mode becomes DRAW. */
  setDrawn: (geojson: AreaGeometry | null) => void;
  /** A new (or no) uploaded area or scene list: the results are cleared. */
  setUpload: (kind: UploadKind, id: string | null) => void;
  setFilters: (patch: Partial<SceneFilters>) => void;
  setSort: (sort: SortField, order: SortOrder) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** Runs a search with the current form: snapshot, first page, RESULT tab. */
  search: () => void;
  setResultIds: (ids: string[]) => void;
  clearResults: () => void;
  selectScene: (id: string | null) => void;
  hoverScene: (id: string | null) => void;
  setPreviewOn: (on: boolean) => void;
  /** Replaces the whole state (a URL being restored). */
  restore: (data: SelectionData) => void;
  reset: () => void;
}

export type SelectionStore = SelectionData &
  SelectionActions & {
    /** The state has been restored from the URL (nothing should run on the defaults before). */
    ready: boolean;
  };

export const DEFAULT_FILTERS: SceneFilters = {
  collections: null,
  cloudMin: 0,
  cloudMax: 100,
  dateFrom: null,
  dateTo: null,
  resolutionMin: null,
  resolutionMax: null,
  productLevels: [],
  online: null,
};

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50] as const;

export const INITIAL_SELECTION: SelectionData = {
  selectStatus: SELECT_MODES.REGION,
  sidebarTab: SIDEBAR_TABS.SELECT,
  regionCodes: [],
  extent: null,
  geojson: null,
  uploadIds: { area: null, list: null },
  resultIds: [],
  unionArea: null,
  coverageList: [],
  fallFigures: [],
  filters: DEFAULT_FILTERS,
  sort: 'time',
  order: 'desc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  submitted: null,
  selectedSceneId: null,
  hoveredSceneId: null,
  previewOn: false,
};

/** What clearing the results resets (spec §4); the form stays. */
const CLEARED_RESULTS = {
  submitted: null,
  resultIds: [],
  unionArea: null,
  coverageList: [],
  fallFigures: [],
  page: 1,
  selectedSceneId: null,
  hoveredSceneId: null,
  previewOn: false,
} satisfies Partial<SelectionData>;

/** Clears the results and shows the form again (there is nothing left on the RESULT tab). */
const clearing = (state: SelectionData): Partial<SelectionData> => ({
  ...CLEARED_RESULTS,
  sidebarTab: state.sidebarTab === SIDEBAR_TABS.SELECT ? state.sidebarTab : SIDEBAR_TABS.SELECT,
});

/** The search the form describes now. */
export const snapshotOf = (s: SelectionData): SubmittedSearch => ({
  selectStatus: s.selectStatus,
  regionCodes: s.regionCodes,
  extent: s.extent,
  geojson: s.geojson,
  uploadIds: s.uploadIds,
  filters: s.filters,
});

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export const createSelectionStore = (initial: SelectionData = INITIAL_SELECTION) =>
  create<SelectionStore>()((set, get) => ({
    ...initial,
    ready: false,
    setMode: (mode) => {
      if (mode === get().selectStatus) return;
      set((s) => ({ selectStatus: mode, ...clearing(s) }));
    },
    setTab: (sidebarTab) => set({ sidebarTab }),
    addRegion: (code) => {
      if (get().regionCodes.includes(code)) return;
      set((s) => ({ regionCodes: [...s.regionCodes, code], ...clearing(s) }));
    },
    removeRegion: (code) => {
      if (!get().regionCodes.includes(code)) return;
      set((s) => ({ regionCodes: s.regionCodes.filter((c) => c !== code), ...clearing(s) }));
    },
    setRegions: (codes) => {
      if (sameList(codes, get().regionCodes)) return;
      set((s) => ({ regionCodes: [...codes], ...clearing(s) }));
    },
    setExtent: (extent) => {
      const current = get().extent;
      if (current === extent || (current && extent && sameList(current.map(String), extent.map(String)))) return;
      set((s) => ({ extent, ...clearing(s) }));
    },
    setDrawn: (geojson) => set((s) => ({ geojson, selectStatus: SELECT_MODES.DRAW, ...clearing(s) })),
    setUpload: (kind, id) => {
      if (get().uploadIds[kind] === id) return;
      set((s) => ({ uploadIds: { ...s.uploadIds, [kind]: id }, ...clearing(s) }));
    },
    setFilters: (patch) => set((s) => ({ filters: { ...s.filters, ...patch } })),
    setSort: (sort, order) => set({ sort, order, page: 1 }),
    setPage: (page) => set({ page: Math.max(1, Math.floor(page)), selectedSceneId: null, hoveredSceneId: null, previewOn: false }),
    setPageSize: (pageSize) => set({ pageSize, page: 1 }),
    search: () => set((s) => ({ ...CLEARED_RESULTS, submitted: snapshotOf(s), sidebarTab: SIDEBAR_TABS.RESULT })),
    setResultIds: (resultIds) => set({ resultIds }),
    clearResults: () => set((s) => clearing(s)),
    selectScene: (selectedSceneId) => set((s) => ({ selectedSceneId, previewOn: selectedSceneId === s.selectedSceneId ? s.previewOn : false })),
    hoverScene: (hoveredSceneId) => {
      if (get().hoveredSceneId !== hoveredSceneId) set({ hoveredSceneId });
    },
    setPreviewOn: (previewOn) => set({ previewOn }),
    restore: (data) => set({ ...data, ready: true }),
    reset: () => set({ ...INITIAL_SELECTION, ready: false }),
  }));

/** The screen's store (one per page load; tests make their own with createSelectionStore). */
export const useSelectionStore = createSelectionStore();

/** The form and the results view as they stand, without the actions. */
export function selectionData(state: SelectionStore): SelectionData {
  const keys = Object.keys(INITIAL_SELECTION) as (keyof SelectionData)[];
  return Object.fromEntries(keys.map((key) => [key, state[key]])) as unknown as SelectionData;
}
