import { englishName, joinSyllables, placePinyin, stripEthnicGroups } from './english-names';

const city = (code: string, name: string) => englishName({ code, name, level: 'city' });
const county = (code: string, name: string) => englishName({ code, name, level: 'county' });

describe('joinSyllables', () => {
  it('capitalises the word and marks syllables starting with a, o or e', () => {
    expect(joinSyllables(['xi', 'an'])).toBe("Xi'an");
    expect(joinSyllables(['chang', 'an'])).toBe("Chang'an");
    expect(joinSyllables(['shi', 'jia', 'zhuang'])).toBe('Shijiazhuang');
    expect(joinSyllables(['an', 'yang'])).toBe('Anyang');
  });
});

describe('placePinyin', () => {
  it('reads a base in the context of the whole name', () => {
    expect(placePinyin('重庆市', 2)).toBe('Chongqing');
    expect(placePinyin('六安市', 2)).toBe("Lu'an");
  });

  it('applies the place-name readings the general dictionary misses', () => {
    expect(placePinyin('喀什市', 2)).toBe('Kashi');
    expect(placePinyin('成都市', 2)).toBe('Chengdu');
    expect(placePinyin('单县', 1)).toBe('Shan');
    expect(placePinyin('乐亭县', 2)).toBe('Laoting');
  });
});

describe('stripEthnicGroups', () => {
  it('drops every trailing ethnic group', () => {
    expect(stripEthnicGroups('积石山保安族东乡族撒拉族', true)).toBe('积石山');
    expect(stripEthnicGroups('龙胜各族', true)).toBe('龙胜');
  });

  it('drops a group written without 族 only for autonomous units', () => {
    expect(stripEthnicGroups('博尔塔拉蒙古', true)).toBe('博尔塔拉');
    expect(stripEthnicGroups('博尔塔拉蒙古', false)).toBe('博尔塔拉蒙古');
  });

  it('keeps the group when it is the whole name', () => {
    expect(stripEthnicGroups('东乡族', true)).toBe('东乡');
    expect(stripEthnicGroups('鄂伦春', true)).toBe('鄂伦春');
  });
});

describe('englishName', () => {
  it('uses conventional names for the country and provinces', () => {
    expect(englishName({ code: '100000', name: '中华人民共和国', level: 'country' })).toBe('China');
    expect(englishName({ code: '610000', name: '陕西省', level: 'province' })).toBe('Shaanxi');
    expect(englishName({ code: '150000', name: '内蒙古自治区', level: 'province' })).toBe('Inner Mongolia');
    expect(englishName({ code: '820000', name: '澳门特别行政区', level: 'province' })).toBe('Macao');
  });

  it('names prefecture-level units by type', () => {
    expect(city('130100', '石家庄市')).toBe('Shijiazhuang');
    expect(city('610100', '西安市')).toBe("Xi'an");
    expect(city('232700', '大兴安岭地区')).toBe("Daxing'anling Prefecture");
    expect(city('222400', '延边朝鲜族自治州')).toBe('Yanbian Autonomous Prefecture');
    expect(city('152900', '阿拉善盟')).toBe('Alashan League');
  });

  it('names county-level units by type, also when the data puts them at city level', () => {
    expect(county('130123', '正定县')).toBe('Zhengding County');
    expect(county('610116', '长安区')).toBe("Chang'an District");
    expect(county('130181', '辛集市')).toBe('Xinji City');
    expect(county('150121', '土默特左旗')).toBe('Tumotezuo Banner');
    expect(county('150724', '鄂温克族自治旗')).toBe('Ewenke Autonomous Banner');
    expect(county('130321', '青龙满族自治县')).toBe('Qinglong Autonomous County');
    expect(county('520203', '六枝特区')).toBe('Liuzhi Special District');
    expect(city('429004', '仙桃市')).toBe('Xiantao City');
    expect(city('429021', '神农架林区')).toBe('Shennongjia Forestry District');
    expect(city('469025', '白沙黎族自治县')).toBe('Baisha Autonomous County');
  });

  it('treats 林区 as a forestry district only for Shennongjia', () => {
    expect(county('610103', '碑林区')).toBe('Beilin District');
  });

  it('uses established names where pinyin would mislead', () => {
    expect(county('810005', '油尖旺区')).toBe('Yau Tsim Mong District');
    expect(county('310115', '浦东新区')).toBe('Pudong New Area');
    expect(city('500100', '重庆城区')).toBe('Chongqing Urban Districts');
  });

  it('names the area a prefecture administers directly', () => {
    expect(county('632825', '海西蒙古族藏族自治州直辖')).toBe('Haixi Autonomous Prefecture (directly administered)');
  });

  it('gives null when nothing can be derived', () => {
    expect(county('999999', 'Atlantis')).toBeNull();
    expect(englishName({ code: '990000', name: '未知省', level: 'province' })).toBeNull();
  });
});
