import type { Locale } from '@/i18n/routing';
import type { ContentPage } from './types';

/** /platform/platformIntro: what the platform is, where its data comes from, who gets which service. */
export const PLATFORM_INTRO: Record<Locale, ContentPage> = {
  zh: {
    title: '平台介绍',
    description: '自然资源卫星遥感云服务平台的定位、数据来源、分级服务、服务评价与主要功能。',
    lead: '自然资源卫星遥感云服务平台面向公众、各级自然资源管理部门和科研用户，把国产陆地观测卫星数据、变化监测成果和地图服务集中在一个门户中提供：公众可以了解卫星与动态，管理人员可以在自己辖区的地图上查看土地利用变化，科研用户可以检索影像目录、加入购物车并提交数据订单。',
    reviewed: '2026-11-23',
    sections: [
      {
        id: 'description',
        title: '平台简介',
        paragraphs: [
          '平台以行政区为主线组织信息：从全国到省、市、县逐级下钻，统计图、专题图和图斑明细都随所选行政区变化。行政区划边界与代码遵循 GB/T 2260，地图服务采用 OGC 标准的 WMS、WFS 和 WMTS 接口，可直接在 QGIS、ArcGIS、GDAL 等软件中使用。',
          '门户同时提供中文和英文两个版本，两种语言的页面一一对应，可随时切换而不丢失当前位置。',
        ],
      },
      {
        id: 'data-sources',
        title: '数据来源',
        paragraphs: [
          '平台的影像目录围绕国产陆地观测卫星组织，包括资源一号 02C/02D、资源三号、高分系列、中巴地球资源卫星 04A 等，并收录 Landsat、Sentinel 等国际开放数据的元数据，便于对比与补充。',
          '行政区划边界来自公开的行政区划数据集，经坐标转换（GCJ-02 → WGS84）和多级简化后使用；卫星轨道根数来自 CelesTrak 公布的两行根数（TLE），卫星参数来自各运营机构和 eoPortal 等公开资料，每个卫星页面都注明了来源。',
          '说明：本部署为演示环境，目录中的影像元数据、监测图斑和统计数字为生成的演示数据，页面上已标注“演示数据”，不代表官方成果。',
        ],
      },
      {
        id: 'service',
        title: '分级服务',
        paragraphs: ['平台按用户类型提供不同层级的服务，登录后菜单只显示您有权使用的功能，明细数据只在您被授权的行政区范围内可见。'],
        items: [
          { term: '公众访客', text: '无需登录即可浏览卫星动态、新闻、卫星介绍与分析、典型影像、各专题的全国统计图，以及软件和资料下载。' },
          {
            term: '个人注册用户',
            text: '注册并登录后可检索影像目录、使用购物车提交数据申请与订单、在个人中心管理资料，并可提交意见反馈。',
          },
          {
            term: '省级、市级节点用户',
            text: '由管理员分配行政区范围和专题权限，可在本辖区内查看监测图斑明细、格网统计、时序对比和变化趋势；成果推送正在建设中，上线后可按权限接收。',
          },
          { term: '专线用户', text: '通过专线接入的单位，按约定的范围和类型批量获取影像与监测成果（推送服务正在建设中）。' },
        ],
      },
      {
        id: 'evaluation',
        title: '服务评价',
        paragraphs: [
          '我们通过三种方式了解服务质量：页面访问统计（首页显示的访问量由服务器按日累计）、用户在“意见反馈”中提交的问题和建议（每条反馈都有处理状态和答复，提交人可在自己的反馈列表中查看），以及地图服务和接口的响应时间监测。',
          '影像目录中的每景数据都标明卫星、传感器、分辨率、成像时间和云量，用户可以在下单前判断数据是否满足需要。',
        ],
      },
      {
        id: 'feature',
        title: '主要功能',
        paragraphs: ['平台的主要功能包括：'],
        items: [
          { term: '专题监测', text: '土地覆盖、地表形变、道路、非农化、种植结构、光伏用地、风电和钢铁产能等专题的统计与明细。' },
          { term: '影像查询与订购', text: '按区域、时间、卫星和云量检索影像目录，加入购物车并提交订单或数据申请。' },
          { term: '统计分析', text: '各专题的图斑统计已可逐级下钻查看；影像覆盖统计和成果推送统计正在建设中。' },
          { term: '卫星轨道预报', text: '根据两行根数预报卫星过境时间和地面轨迹。' },
          { term: '地图服务', text: '标准 WMS、WFS、WMTS 接口，可在桌面 GIS 软件中直接加载行政区和监测图层。' },
        ],
      },
    ],
  },
  en: {
    title: 'About the platform',
    description:
      'What the Natural Resources Satellite Remote Sensing Cloud Service is, where its data comes from, the service levels it offers, how service is evaluated and its main functions.',
    lead: 'The Natural Resources Satellite Remote Sensing Cloud Service brings Chinese land-observation satellite data, change-monitoring results and map services together in one portal for the public, natural-resources authorities at every level and researchers: the public can follow satellites and news, officials can watch land-use change on maps of their own regions, and researchers can search the imagery catalogue, fill a cart and order data.',
    reviewed: '2026-11-23',
    sections: [
      {
        id: 'description',
        title: 'Overview',
        paragraphs: [
          'Everything is organised by administrative region: you drill down from the whole country to provinces, cities and counties, and charts, thematic maps and spot details follow the region you choose. Boundaries and codes follow GB/T 2260; map services use the OGC WMS, WFS and WMTS standards, so QGIS, ArcGIS or GDAL can use them directly.',
          'The portal exists in Chinese and English; every page has its counterpart in the other language, and switching keeps your place.',
        ],
      },
      {
        id: 'data-sources',
        title: 'Data sources',
        paragraphs: [
          'The imagery catalogue is built around Chinese land-observation satellites — ZY-1 02C/02D, ZY-3, the Gaofen series, CBERS-04A and others — and also lists metadata of open international data such as Landsat and Sentinel for comparison and gap filling.',
          'Administrative boundaries come from a public boundary dataset, converted from GCJ-02 to WGS84 and simplified at several levels of detail; orbital elements are the two-line element sets (TLEs) published by CelesTrak; satellite parameters come from the operators and public references such as eoPortal, named on each satellite page.',
          'Note: this deployment is a demonstration. Image metadata, monitoring spots and statistics in it are generated demo data, marked "demo data" on the pages; they are not official results.',
        ],
      },
      {
        id: 'service',
        title: 'Service levels',
        paragraphs: [
          'Services depend on the kind of user. After signing in, menus show only what you may use, and detailed data is visible only inside the administrative regions assigned to you.',
        ],
        items: [
          {
            term: 'Visitors',
            text: 'Without an account: satellite news, satellite pages and analyses, typical images, national statistics of every theme, software and document downloads.',
          },
          {
            term: 'Registered personal users',
            text: 'Search the imagery catalogue, use the cart to submit data applications and orders, manage your profile in the personal centre and send feedback.',
          },
          {
            term: 'Provincial and city node users',
            text: 'Given region ranges and theme permissions by an administrator: spot details, grid statistics, sequence comparison and trends within their regions; delivery of results is being built and will follow their permissions.',
          },
          {
            term: 'Dedicated-line users',
            text: 'Organisations connected by a dedicated line receive imagery and monitoring results in bulk, for the regions and types agreed (the delivery service is being built).',
          },
        ],
      },
      {
        id: 'evaluation',
        title: 'Service evaluation',
        paragraphs: [
          'We judge the service three ways: page visits (the count on the home page is added up per day by the server), the questions and suggestions users send through Feedback (each has a status and a reply its author can see in their own list), and monitoring of the response times of map services and APIs.',
          'Every scene in the catalogue states its satellite, sensor, resolution, acquisition time and cloud cover, so users can judge whether it fits their purpose before ordering.',
        ],
      },
      {
        id: 'feature',
        title: 'Main functions',
        paragraphs: ['The main functions are:'],
        items: [
          {
            term: 'Thematic monitoring',
            text: 'Statistics and details for land cover, surface deformation, roads, non-agricultural use, planting structure, photovoltaic land, wind power and steel capacity.',
          },
          {
            term: 'Image search and ordering',
            text: 'Search the catalogue by region, date, satellite and cloud cover, add scenes to the cart and submit an order or data application.',
          },
          {
            term: 'Statistics',
            text: 'Every theme’s spot statistics, drilled down by region, are available now; image coverage and delivery statistics are being built.',
          },
          { term: 'Orbit prediction', text: 'Satellite pass times and ground tracks computed from two-line elements.' },
          { term: 'Map services', text: 'Standard WMS, WFS and WMTS endpoints to load region and monitoring layers in desktop GIS.' },
        ],
      },
    ],
  },
};
