<!DOCTYPE qgis PUBLIC 'http://mrcc.com/qgis.dtd' 'SYSTEM'>
<!--
  QGIS style for the portal's administrative region layer (WFS cloudPlatform:region, or the offline
  region package): categorized by the attribute "level", the colours of the portal's WMS style "region".
  Layer Properties > Symbology > Style > Load Style… Written for the Natural Resources Satellite Remote
  Sensing Cloud Service portal (demo content).
-->
<qgis version="3.28.0" styleCategories="Symbology">
  <renderer-v2 type="categorizedSymbol" attr="level" symbollevels="0" enableorderby="0" forceraster="0" referencescale="-1">
    <categories>
      <category value="country" label="国界 Country" symbol="0" render="true"/>
      <category value="province" label="省级 Province" symbol="1" render="true"/>
      <category value="city" label="地级 City" symbol="2" render="true"/>
      <category value="county" label="县级 County" symbol="3" render="true"/>
    </categories>
    <symbols>
      <symbol type="fill" name="0" alpha="1" clip_to_extent="1" force_rhr="0">
        <layer class="SimpleFill" enabled="1" locked="0" pass="0">
          <Option type="Map">
            <Option name="color" type="QString" value="34,139,230,13"/>
            <Option name="joinstyle" type="QString" value="round"/>
            <Option name="outline_color" type="QString" value="11,61,145,255"/>
            <Option name="outline_style" type="QString" value="solid"/>
            <Option name="outline_width" type="QString" value="0.62"/>
            <Option name="outline_width_unit" type="QString" value="MM"/>
            <Option name="style" type="QString" value="solid"/>
          </Option>
          <prop k="color" v="34,139,230,13"/>
          <prop k="joinstyle" v="round"/>
          <prop k="outline_color" v="11,61,145,255"/>
          <prop k="outline_style" v="solid"/>
          <prop k="outline_width" v="0.62"/>
          <prop k="outline_width_unit" v="MM"/>
          <prop k="style" v="solid"/>
        </layer>
      </symbol>
      <symbol type="fill" name="1" alpha="1" clip_to_extent="1" force_rhr="0">
        <layer class="SimpleFill" enabled="1" locked="0" pass="0">
          <Option type="Map">
            <Option name="color" type="QString" value="34,139,230,20"/>
            <Option name="joinstyle" type="QString" value="round"/>
            <Option name="outline_color" type="QString" value="24,100,171,255"/>
            <Option name="outline_style" type="QString" value="solid"/>
            <Option name="outline_width" type="QString" value="0.52"/>
            <Option name="outline_width_unit" type="QString" value="MM"/>
            <Option name="style" type="QString" value="solid"/>
          </Option>
          <prop k="color" v="34,139,230,20"/>
          <prop k="joinstyle" v="round"/>
          <prop k="outline_color" v="24,100,171,255"/>
          <prop k="outline_style" v="solid"/>
          <prop k="outline_width" v="0.52"/>
          <prop k="outline_width_unit" v="MM"/>
          <prop k="style" v="solid"/>
        </layer>
      </symbol>
      <symbol type="fill" name="2" alpha="1" clip_to_extent="1" force_rhr="0">
        <layer class="SimpleFill" enabled="1" locked="0" pass="0">
          <Option type="Map">
            <Option name="color" type="QString" value="34,139,230,20"/>
            <Option name="joinstyle" type="QString" value="round"/>
            <Option name="outline_color" type="QString" value="28,126,214,255"/>
            <Option name="outline_style" type="QString" value="solid"/>
            <Option name="outline_width" type="QString" value="0.31"/>
            <Option name="outline_width_unit" type="QString" value="MM"/>
            <Option name="style" type="QString" value="solid"/>
          </Option>
          <prop k="color" v="34,139,230,20"/>
          <prop k="joinstyle" v="round"/>
          <prop k="outline_color" v="28,126,214,255"/>
          <prop k="outline_style" v="solid"/>
          <prop k="outline_width" v="0.31"/>
          <prop k="outline_width_unit" v="MM"/>
          <prop k="style" v="solid"/>
        </layer>
      </symbol>
      <symbol type="fill" name="3" alpha="1" clip_to_extent="1" force_rhr="0">
        <layer class="SimpleFill" enabled="1" locked="0" pass="0">
          <Option type="Map">
            <Option name="color" type="QString" value="34,139,230,20"/>
            <Option name="joinstyle" type="QString" value="round"/>
            <Option name="outline_color" type="QString" value="77,171,247,255"/>
            <Option name="outline_style" type="QString" value="solid"/>
            <Option name="outline_width" type="QString" value="0.21"/>
            <Option name="outline_width_unit" type="QString" value="MM"/>
            <Option name="style" type="QString" value="solid"/>
          </Option>
          <prop k="color" v="34,139,230,20"/>
          <prop k="joinstyle" v="round"/>
          <prop k="outline_color" v="77,171,247,255"/>
          <prop k="outline_style" v="solid"/>
          <prop k="outline_width" v="0.21"/>
          <prop k="outline_width_unit" v="MM"/>
          <prop k="style" v="solid"/>
        </layer>
      </symbol>
    </symbols>
  </renderer-v2>
  <blendMode>0</blendMode>
  <featureBlendMode>0</featureBlendMode>
  <layerOpacity>1</layerOpacity>
</qgis>
