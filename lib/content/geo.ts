import type { Locale } from '@/i18n/routing';
import type { ContentPage } from './types';

const GEO_SOURCES = {
  about: 'https://earthobservations.org/about-us',
  strategy: 'https://earthobservations.org/about-us/geo-post-2025-strategy',
} as const;

/** /platform/GEO/plan: the Group on Earth Observations and its plans, with their sources. */
export const GEO_PLAN: Record<Locale, ContentPage> = {
  zh: {
    title: 'GEO 计划',
    description: '地球观测组织（GEO）的由来、全球综合地球观测系统（GEOSS）、2016—2025 战略规划和 2025 年后战略，以及中国的参与。',
    lead: '地球观测组织（Group on Earth Observations，GEO）是由各国政府和国际组织组成的政府间合作伙伴关系，致力于让地球观测数据开放、可获取，并用于应对全球性问题。',
    reviewed: '2026-11-23',
    sections: [
      {
        id: 'origin',
        title: '由来',
        paragraphs: [
          '2002 年可持续发展问题世界首脑会议和 2003 年八国集团峰会呼吁加强全球地球观测合作。2005 年 2 月，第三届地球观测峰会在布鲁塞尔召开，GEO 正式成立，并通过了建设全球综合地球观测系统（GEOSS）的十年实施计划（2005—2015）。',
          'GEO 秘书处设在瑞士日内瓦，由世界气象组织承载。成员包括一百多个国家政府和欧洲联盟委员会，以及一百多个参与组织。',
        ],
      },
      {
        id: 'strategic-plan',
        title: '2016—2025 战略规划',
        paragraphs: ['2015 年在墨西哥城召开的部长级峰会通过了《GEO 2016—2025 战略规划：实施 GEOSS》，确定了三个重点领域：'],
        items: [
          { term: '2030 年可持续发展议程', text: '用地球观测数据支撑可持续发展目标（SDGs）指标的监测与报告。' },
          { term: '《巴黎协定》', text: '为气候变化的监测、减缓和适应提供观测依据。' },
          { term: '《仙台减轻灾害风险框架》', text: '支持灾害风险评估、预警和灾后评估。' },
        ],
      },
      {
        id: 'post-2025',
        title: '2025 年后战略',
        paragraphs: [
          '2023 年 11 月在南非开普敦举行的部长级峰会通过了 GEO 2025 年后战略“人人可用的地球智能”（Earth Intelligence for All），强调把观测数据转化为决策可用的知识和服务，并加强与用户的共同设计。',
        ],
      },
      {
        id: 'work-programme',
        title: '工作计划',
        paragraphs: ['GEO 通过滚动更新的工作计划组织具体行动，其中的旗舰计划和倡议包括：'],
        items: [
          { term: 'GEOGLAM', text: '全球农业监测，利用卫星数据评估作物长势与产量。' },
          { term: 'GEO BON', text: '生物多样性观测网络。' },
          { term: 'GFOI', text: '全球森林观测倡议，支持各国森林资源监测与报告。' },
        ],
      },
      {
        id: 'china',
        title: '中国的参与',
        paragraphs: [
          '中国是 GEO 的创始成员之一，长期担任 GEO 联合主席国。中国通过国产陆地观测卫星数据共享、参与 GEO 工作计划中的农业、灾害和生态等领域行动，为全球地球观测合作作出贡献。本平台的 GEO 栏目收集相关的动态信息、合作与组织介绍。',
        ],
      },
    ],
    sources: [
      { label: 'GEO — About us', href: GEO_SOURCES.about, note: 'GEO 的由来、成员与组织结构' },
      { label: 'GEO Post-2025 Strategy', href: GEO_SOURCES.strategy, note: '2025 年后战略“Earth Intelligence for All”' },
    ],
  },
  en: {
    title: 'GEO plan',
    description:
      'The Group on Earth Observations (GEO): its origin, GEOSS, the 2016–2025 Strategic Plan, the post-2025 strategy and China’s part in it.',
    lead: 'The Group on Earth Observations (GEO) is an intergovernmental partnership of governments and international organisations working to make Earth observations open and accessible and to use them on global challenges.',
    reviewed: '2026-11-23',
    sections: [
      {
        id: 'origin',
        title: 'Origin',
        paragraphs: [
          'The 2002 World Summit on Sustainable Development and the 2003 G8 summit called for stronger cooperation in Earth observation. GEO was launched in February 2005 at the Third Earth Observation Summit in Brussels, which also adopted a ten-year implementation plan (2005–2015) for a Global Earth Observation System of Systems (GEOSS).',
          'The GEO Secretariat is in Geneva, hosted by the World Meteorological Organization. Its members are more than a hundred national governments and the European Commission, joined by more than a hundred participating organisations.',
        ],
      },
      {
        id: 'strategic-plan',
        title: 'Strategic Plan 2016–2025',
        paragraphs: [
          'The 2015 Ministerial Summit in Mexico City adopted the GEO Strategic Plan 2016–2025: Implementing GEOSS, with three engagement priorities:',
        ],
        items: [
          {
            term: '2030 Agenda for Sustainable Development',
            text: 'Earth observations supporting the monitoring and reporting of Sustainable Development Goal indicators.',
          },
          { term: 'Paris Agreement', text: 'Evidence for monitoring, mitigating and adapting to climate change.' },
          {
            term: 'Sendai Framework for Disaster Risk Reduction',
            text: 'Support for risk assessment, early warning and post-disaster assessment.',
          },
        ],
      },
      {
        id: 'post-2025',
        title: 'Post-2025 strategy',
        paragraphs: [
          'The Ministerial Summit in Cape Town, South Africa, in November 2023 adopted GEO’s post-2025 strategy, “Earth Intelligence for All”: turning observations into knowledge and services that decision makers can use, designed together with their users.',
        ],
      },
      {
        id: 'work-programme',
        title: 'Work programme',
        paragraphs: ['GEO organises its activities in a rolling work programme; flagships and initiatives include:'],
        items: [
          { term: 'GEOGLAM', text: 'Global agricultural monitoring: crop condition and production assessed with satellite data.' },
          { term: 'GEO BON', text: 'The Biodiversity Observation Network.' },
          { term: 'GFOI', text: 'The Global Forest Observations Initiative, supporting national forest monitoring and reporting.' },
        ],
      },
      {
        id: 'china',
        title: 'China’s part',
        paragraphs: [
          'China is a founding member of GEO and has long been one of its co-chairs. It contributes by sharing data from Chinese land-observation satellites and by taking part in work-programme activities on agriculture, disasters and ecosystems. The GEO section of this portal collects the related news, cooperation and organisations.',
        ],
      },
    ],
    sources: [
      { label: 'GEO — About us', href: GEO_SOURCES.about, note: 'Origin, members and structure of GEO' },
      { label: 'GEO Post-2025 Strategy', href: GEO_SOURCES.strategy, note: 'The post-2025 strategy “Earth Intelligence for All”' },
    ],
  },
};

/** /platform/GEO/links: organisations and data portals a user of this platform is likely to need. */
export const GEO_LINKS: Record<Locale, ContentPage> = {
  zh: {
    title: '相关链接',
    description: '与地球观测、卫星数据和自然资源相关的国内外机构与数据门户链接。',
    lead: '以下链接指向外部网站，内容由各网站负责；链接在新窗口打开。',
    reviewed: '2026-11-23',
    sections: [
      {
        id: 'organizations',
        title: '国际组织',
        paragraphs: [],
        links: [
          { label: '地球观测组织（GEO）', href: 'https://earthobservations.org/', note: '政府间地球观测合作伙伴关系' },
          { label: '地球观测卫星委员会（CEOS）', href: 'https://ceos.org/', note: '各国民用地球观测卫星机构的协调组织' },
          { label: '开放地理空间信息联盟（OGC）', href: 'https://www.ogc.org/', note: 'WMS、WFS、WMTS 等地图服务标准的制定者' },
        ],
      },
      {
        id: 'china',
        title: '国内机构',
        paragraphs: [],
        links: [
          { label: '中华人民共和国自然资源部', href: 'https://www.mnr.gov.cn/', note: '自然资源管理主管部门' },
          { label: '国家航天局', href: 'https://www.cnsa.gov.cn/', note: '国家民用航天主管部门' },
          { label: '中国资源卫星应用中心', href: 'https://www.cresda.com/', note: '资源、高分等卫星数据的接收、处理与分发' },
        ],
      },
      {
        id: 'data',
        title: '开放数据门户',
        paragraphs: [],
        links: [
          { label: 'USGS EarthExplorer', href: 'https://earthexplorer.usgs.gov/', note: 'Landsat 等美国地质调查局数据检索与下载' },
          { label: 'Copernicus Data Space Ecosystem', href: 'https://dataspace.copernicus.eu/', note: '哨兵系列卫星数据' },
          { label: 'NASA Earthdata', href: 'https://www.earthdata.nasa.gov/', note: '美国国家航空航天局地球科学数据' },
          { label: 'CelesTrak', href: 'https://celestrak.org/', note: '本平台轨道预报所用的两行根数来源' },
        ],
      },
      {
        id: 'references',
        title: '卫星资料',
        paragraphs: [],
        links: [
          { label: 'eoPortal', href: 'https://www.eoportal.org/', note: '欧洲航天局支持的地球观测任务资料库' },
          { label: 'WMO OSCAR', href: 'https://space.oscar.wmo.int/', note: '世界气象组织的观测系统能力分析与评估工具' },
        ],
      },
    ],
  },
  en: {
    title: 'Links',
    description: 'Organisations and data portals on Earth observation, satellite data and natural resources, in China and worldwide.',
    lead: 'These links lead to external websites, which are responsible for their own content; they open in a new window.',
    reviewed: '2026-11-23',
    sections: [
      {
        id: 'organizations',
        title: 'International organisations',
        paragraphs: [],
        links: [
          {
            label: 'Group on Earth Observations (GEO)',
            href: 'https://earthobservations.org/',
            note: 'The intergovernmental Earth observation partnership',
          },
          {
            label: 'Committee on Earth Observation Satellites (CEOS)',
            href: 'https://ceos.org/',
            note: 'Coordinates the civil Earth observation satellite agencies',
          },
          {
            label: 'Open Geospatial Consortium (OGC)',
            href: 'https://www.ogc.org/',
            note: 'Author of the WMS, WFS and WMTS map service standards',
          },
        ],
      },
      {
        id: 'china',
        title: 'Chinese institutions',
        paragraphs: [],
        links: [
          { label: 'Ministry of Natural Resources of the PRC', href: 'https://www.mnr.gov.cn/', note: 'The natural resources authority' },
          { label: 'China National Space Administration', href: 'https://www.cnsa.gov.cn/', note: 'The civil space authority' },
          {
            label: 'China Centre for Resources Satellite Data and Application',
            href: 'https://www.cresda.com/',
            note: 'Receives, processes and distributes ZY and Gaofen data',
          },
        ],
      },
      {
        id: 'data',
        title: 'Open data portals',
        paragraphs: [],
        links: [
          { label: 'USGS EarthExplorer', href: 'https://earthexplorer.usgs.gov/', note: 'Search and download Landsat and other USGS data' },
          { label: 'Copernicus Data Space Ecosystem', href: 'https://dataspace.copernicus.eu/', note: 'Sentinel satellite data' },
          { label: 'NASA Earthdata', href: 'https://www.earthdata.nasa.gov/', note: 'NASA Earth science data' },
          { label: 'CelesTrak', href: 'https://celestrak.org/', note: 'Source of the two-line elements this portal predicts orbits with' },
        ],
      },
      {
        id: 'references',
        title: 'Satellite references',
        paragraphs: [],
        links: [
          { label: 'eoPortal', href: 'https://www.eoportal.org/', note: 'Directory of Earth observation missions supported by ESA' },
          { label: 'WMO OSCAR', href: 'https://space.oscar.wmo.int/', note: 'WMO’s Observing Systems Capability Analysis and Review tool' },
        ],
      },
    ],
  },
};
