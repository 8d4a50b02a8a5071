// Character frequency data for telling legacy encodings apart (decode.ts).
// A text decoded with the right encoding is made mostly of its language's
// common characters; the same bytes decoded with a wrong one give rare ones.
// Pure data: no I/O.

/** The 500 most frequent simplified Chinese characters, most frequent first. */
const SIMPLIFIED_CHINESE_500 =
  "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方" +
  "多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情" +
  "明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给" +
  "世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太" +
  "量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象" +
  "完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济" +
  "车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚" +
  "请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历" +
  "首医局突专费号尽另周较注语仅考落青随选列";

/** Traditional forms of those (and of a few more) where they differ. */
const TRADITIONAL_CHINESE_FORMS =
  "這個們來為國說時會對著過發後裡種經麼學現當沒動還進樣開從軍無與長機關點業將兩間問並應戰頭體見產話給門兒東聲員論處義幾認條" +
  "氣題爾別變總電數報結務場計資許統區隊決馬書則聽卻達強難權設記類據邊張該規萬覺術領確傳師觀讓識帶導爭運飛風幹聯組濟車親極辦" +
  "議證轉準遠臺單羅愛擊備連調質團價黨華級離況亞請際約復線斷滿視須寫稱嗎輕農裝廣顯標談圖歷醫專費號盡較語僅隨選紅響雖勢參眾構" +
  "節維劃敵陳態護興驗責營夠嚴續講終緊黃絕項圍織鬥雙紀採舉殺蘇訴細願錢網熱屬臉職樂剛狀獨彈創錯蘭試腦預誰陽繼驚傷藥適衛險陸習" +
  "勞財環納歡獲負雲遊龍樹層衝範異漢簡擔靜積餘檢靈協徵揮勝階審堅媽劉讀壓銀買養懷執亂幫歲優鐵稅藝陣腳惡塊頓島戶評寶釋顧貨歐換" +
  "聞壞討麗監臨艦魚雜誤灣減編測敗夢溫劍漸貴槍樓縣畫遺謝魯慮銷鐘詩趕劇損舊錄葉鄉禮婦歸飯額順輸搖脫補謂療澤滅筆鮮詞聖擇尋廠煙" +
  "諾倫奧賣載宮陰園謀榮孫頂鎮練爺館礎寧紙諸訓莊絲戲隱訪軟薩夥盤擴蓋穩億擁楊齊賽虛購揚綠貿畢輪庫跡競棄偉緩潛閃燈針絡純頁傑築" +
  "鄭貝吳圓於裏";

/** Frequent Hangul syllables of Korean text. */
const KOREAN_COMMON_SYLLABLES =
  "이다는의에을하고가를지로서기한있어도사리으자대수적니나정시게인일아해것내들습라구상보장전부주만우면제요되위국그과화소원동" +
  "실여신생경무께거세마성연문유중비학없말간안모미데치분조방까당발계개오야터번했었았겠됩입업물회관운행공년때람금식통영진음술" +
  "살점결단체추본력선후드트스크은와며더잘좀네죠저너래또왜떻뭐할합듯및등러각민재히김박최름같른많좋알떤않";

/** Common Chinese characters in either script (also most common Japanese kanji). */
export const COMMON_HANZI: ReadonlySet<string> = new Set(SIMPLIFIED_CHINESE_500 + TRADITIONAL_CHINESE_FORMS);

export const COMMON_HANGUL: ReadonlySet<string> = new Set(KOREAN_COMMON_SYLLABLES);
