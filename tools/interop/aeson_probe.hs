{-# LANGUAGE DeriveGeneric, TemplateHaskell, OverloadedStrings, ScopedTypeVariables #-}
module Main (main) where

import Data.Aeson
import Data.Aeson.TH
import Data.Aeson.Types (parseEither)
import qualified Data.ByteString.Lazy.Char8 as BL
import qualified Data.Map.Strict as M
import qualified Data.Text as T
import GHC.Generics (Generic)

data Shape = Empty | Circle Double | Pair Int Int | Rect { w :: Double, h :: Double }
  deriving (Show, Generic)
data Color = Red | Green | Blue deriving (Show, Eq, Ord, Generic)
data Tag = Alpha | Beta deriving (Show, Generic)       -- all nullary
data Person = Person { userId :: Int, fullName :: String } deriving (Show, Generic)

newtype ShapeU = ShapeU Shape deriving Show
newtype ShapeS = ShapeS Shape deriving Show
newtype ShapeA = ShapeA Shape deriving Show
newtype TagU = TagU Tag deriving Show
newtype TagS = TagS Tag deriving Show
newtype TagNS = TagNS Tag deriving Show

uOpts, sOpts, aOpts :: Options
uOpts = defaultOptions { sumEncoding = UntaggedValue }
sOpts = defaultOptions { sumEncoding = ObjectWithSingleField }
aOpts = defaultOptions { sumEncoding = TwoElemArray }

instance ToJSON Shape where toEncoding = genericToEncoding defaultOptions
instance FromJSON Shape
instance ToJSON Color where toEncoding = genericToEncoding defaultOptions
instance FromJSON Color
instance ToJSONKey Color
instance FromJSONKey Color
instance ToJSON Person where toEncoding = genericToEncoding defaultOptions
instance FromJSON Person

instance ToJSON ShapeU where
  toJSON (ShapeU s) = genericToJSON uOpts s
  toEncoding (ShapeU s) = genericToEncoding uOpts s
instance FromJSON ShapeU where parseJSON v = ShapeU <$> genericParseJSON uOpts v
instance ToJSON ShapeS where
  toJSON (ShapeS s) = genericToJSON sOpts s
  toEncoding (ShapeS s) = genericToEncoding sOpts s
instance FromJSON ShapeS where parseJSON v = ShapeS <$> genericParseJSON sOpts v
instance ToJSON ShapeA where
  toJSON (ShapeA s) = genericToJSON aOpts s
  toEncoding (ShapeA s) = genericToEncoding aOpts s
instance FromJSON ShapeA where parseJSON v = ShapeA <$> genericParseJSON aOpts v
instance ToJSON TagU where
  toJSON (TagU s) = genericToJSON uOpts s
  toEncoding (TagU s) = genericToEncoding uOpts s
instance FromJSON TagU where parseJSON v = TagU <$> genericParseJSON uOpts v

instance ToJSON TagS where
  toEncoding (TagS s) = genericToEncoding sOpts s
  toJSON (TagS s) = genericToJSON sOpts s
instance FromJSON TagS where parseJSON v = TagS <$> genericParseJSON sOpts v
instance ToJSON TagNS where
  toEncoding (TagNS s) = genericToEncoding sOpts { allNullaryToStringTag = False } s
  toJSON (TagNS s) = genericToJSON sOpts { allNullaryToStringTag = False } s
instance FromJSON TagNS where parseJSON v = TagNS <$> genericParseJSON sOpts { allNullaryToStringTag = False } v

-- Template Haskell twins, to compare TH with Generic
data ShapeT = EmptyT | CircleT Double | PairT Int Int deriving Show
data TagT = AlphaT | BetaT deriving Show
$(deriveJSON defaultOptions { sumEncoding = UntaggedValue } ''ShapeT)
$(deriveJSON defaultOptions { sumEncoding = UntaggedValue } ''TagT)
data ShapeTS = EmptyTS | CircleTS Double deriving Show
$(deriveJSON defaultOptions { sumEncoding = ObjectWithSingleField } ''ShapeTS)

enc :: ToJSON a => String -> a -> IO ()
enc label x = do
  -- the bytes exactly as aeson writes them (UTF-8), not re-encoded
  BL.putStr (BL.concat [BL.pack ("ENC " ++ label ++ " encoding "), encode x, "\n"])
  BL.putStr (BL.concat [BL.pack ("ENC " ++ label ++ " value "), encode (toJSON x), "\n"])

dec :: forall a. (FromJSON a, Show a) => String -> a -> BL.ByteString -> IO ()
dec label _ s = putStrLn $ "DEC " ++ label ++ " " ++ BL.unpack s ++ " => " ++
  either ("ERROR " ++) show (eitherDecode s :: Either String a)

main :: IO ()
main = do
  -- 1. UntaggedValue nullary
  enc "ShapeU Empty" (ShapeU Empty)
  enc "ShapeU Circle" (ShapeU (Circle 1.5))
  mapM_ (dec "ShapeU" (undefined :: ShapeU)) ["\"Empty\"", "null", "1.5", "[1,2]", "\"Circle\"", "{\"w\":1,\"h\":2}", "[]"]
  enc "TagU Beta" (TagU Beta)
  mapM_ (dec "TagU" (undefined :: TagU)) ["\"Beta\"", "null", "\"Gamma\"", "[]"]
  enc "ShapeT EmptyT" EmptyT
  mapM_ (dec "ShapeT" (undefined :: ShapeT)) ["\"EmptyT\"", "null", "1.5", "[]"]
  enc "TagT BetaT" BetaT
  mapM_ (dec "TagT" (undefined :: TagT)) ["\"BetaT\"", "null"]
  -- 2. non-finite doubles and floats
  let inf = 1/0 :: Double
  enc "Double NaN" (0/0 :: Double)
  enc "Double +Inf" inf
  enc "Double -Inf" (negate inf)
  enc "Float NaN" (0/0 :: Float)
  enc "Float +Inf" (1/0 :: Float)
  enc "Float -Inf" (negate 1/0 :: Float)
  enc "[Double]" [1.5, 0/0, inf, negate inf :: Double]
  mapM_ (dec "Double" (undefined :: Double)) ["null", "\"+inf\"", "\"-inf\"", "\"\\u002binf\"", "\"inf\"", "\"Infinity\"", "\"-Infinity\"", "\"NaN\"", "\"nan\"", "\"1.5\"", "1e400", "-1e400"]
  mapM_ (dec "Float" (undefined :: Float)) ["null", "\"+inf\"", "\"-inf\"", "\"Infinity\"", "1e39"]
  mapM_ (dec "Maybe Double" (undefined :: Maybe Double)) ["null", "\"+inf\""]
  -- map keys of doubles
  enc "Map Double Int" (M.fromList [(inf, 1 :: Int), (negate inf, 2), (1.5, 3)])
  -- 3. ObjectWithSingleField / TwoElemArray nullary
  enc "ShapeS Empty" (ShapeS Empty)
  mapM_ (dec "ShapeS" (undefined :: ShapeS)) ["{\"Empty\":[ ]}", "{\"Circle\":1.5}", "{\"Empty\":[]}", "{\"Empty\":null}", "{\"Empty\":{}}", "{\"Empty\":[1]}", "\"Empty\"", "{\"Empty\":0}"]
  enc "ShapeTS EmptyTS" EmptyTS
  mapM_ (dec "ShapeTS" (undefined :: ShapeTS)) ["{\"EmptyTS\":[]}", "{\"EmptyTS\":null}", "{\"EmptyTS\":{}}", "{\"EmptyTS\":[1]}", "\"EmptyTS\""]
  enc "ShapeA Empty" (ShapeA Empty)
  mapM_ (dec "ShapeA" (undefined :: ShapeA)) ["[\"Empty\",[]]", "[\"Empty\",null]", "[\"Empty\",{}]", "[\"Empty\"]"]
  enc "Shape Empty" Empty
  mapM_ (dec "Shape" (undefined :: Shape)) ["{\"tag\":\"Empty\"}", "{\"tag\":\"Empty\",\"contents\":[]}", "{\"tag\":\"Empty\",\"contents\":5}"]
  -- 4. duplicate keys
  mapM_ (dec "Person" (undefined :: Person)) ["{\"userId\":1,\"fullName\":\"A\",\"userId\":2}"]
  mapM_ (dec "Map Text Int" (undefined :: M.Map T.Text Int)) ["{\"a\":1,\"b\":2,\"a\":3}"]
  mapM_ (dec "Map Int Int" (undefined :: M.Map Int Int)) ["{\"1\":1,\"01\":2}", "{\"1\":1,\"1\":2}"]
  mapM_ (dec "Map Color Int" (undefined :: M.Map Color Int)) ["{\"Red\":1,\"Red\":2}", "[[\"Red\",1],[\"Red\",2]]"]
  -- 5. Char
  enc "Char c" 'c'
  enc "Char e-acute" '\233'
  enc "Char U+1F600" '\x1F600'
  enc "Char NUL" '\0'
  enc "String" ("ab" :: String)
  mapM_ (dec "Char" (undefined :: Char)) ["\"c\"", "\"ab\"", "\"\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "99", "null"]
  -- 6. maps in key order
  enc "Map Int" (M.fromList [(10 :: Int, "a" :: String), (2, "b"), (-3, "c")])
  enc "Map Text" (M.fromList [("b" :: T.Text, 1 :: Int), ("a", 2), ("B", 3), ("\xFFFD", 4), ("\x1F600", 5), ("", 6)])
  enc "Map Color" (M.fromList [(Blue, 1 :: Int), (Red, 2), (Green, 3)])
  enc "Map Char" (M.fromList [('b', 1 :: Int), ('a', 2)])
  mapM_ (dec "Map Int String" (undefined :: M.Map Int String)) ["{\"10\":\"a\",\"2\":\"b\",\"-3\":\"c\"}"]
  mapM_ (dec "Color" (undefined :: Color)) ["\"Red\"", "{\"tag\":\"Red\"}", "null", "[]"]
  enc "TagS Alpha" (TagS Alpha)
  mapM_ (dec "TagS" (undefined :: TagS)) ["\"Alpha\"", "{\"Alpha\":[]}", "null"]
  enc "TagNS Alpha" (TagNS Alpha)
  mapM_ (dec "TagNS" (undefined :: TagNS)) ["\"Alpha\"", "{\"Alpha\":[]}", "{\"Alpha\":null}"]
  enc "Map Int unsorted-insert" (M.fromList [(3 :: Int, 'x'), (1, 'y')])
  -- 7. field/constructor rename (for comparison only)
  putStrLn $ "CAMELTO2 HTTPServer " ++ camelTo2 '_' "HTTPServer"
